import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import type { Option } from "../../components/ui/form_fields.tsx";

/**
 * The school's Treffpunkte as choices of the Startort field (issue 22); the stored value stays a
 * choice even when the list no longer has it, so opening a student does not change the field.
 */
export function usePickupPointOptions(current: string): Option[] {
  const { data } = useQuery({
    queryKey: queryKeys.pickupPoints,
    queryFn: ({ signal }) => call("GET /admin/pickup-points/", { signal }),
  });
  const names = (data?.results ?? []).map((p) => p.name);
  if (current && !names.includes(current)) names.push(current);
  return names.map((name) => ({ value: name, label: name }));
}
