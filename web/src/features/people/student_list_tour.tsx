import { useEffect, useState } from "react";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { useTour } from "../../components/ui/use_tour.ts";
import { useAuth } from "../../lib/auth.tsx";
import { studentListTourSteps, studentListTourStorageKey } from "./student_list_tour_steps.ts";

/**
 * The student-list tour on /students (spec 02 §2): it starts 1 s after the list's first load on
 * the first visit, kept per user on the server like every tour of a signed-in user.
 */
export function useStudentListTour(
  enabled: boolean,
  list: { loading: boolean; rows: readonly unknown[] },
) {
  const { user } = useAuth();
  const tour = useTour({
    tour: "student_list",
    storageKey: studentListTourStorageKey,
    enabled,
    userId: user?.id ?? null,
    autoStart: !list.loading,
  });
  // The steps follow what the list shows until the tour opens, then stay as they are: a search
  // that finds nobody during the tour does not reshuffle it.
  const hasRows = list.rows.length > 0;
  const [steps, setSteps] = useState(() => studentListTourSteps(hasRows));
  useEffect(() => {
    if (!tour.open) setSteps(studentListTourSteps(hasRows));
  }, [tour.open, hasRows]);
  return { ...tour, steps };
}

export function StudentListTour(
  { tour }: { tour: ReturnType<typeof useStudentListTour> },
) {
  return (
    <Tutorial
      steps={tour.steps}
      open={tour.open}
      onFinish={tour.finish}
      label="Tutorial zur Fahrschülerliste"
    />
  );
}
