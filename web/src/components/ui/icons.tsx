import {
  Calendar,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  CircleExclamationPoint,
  Eye,
  EyeOff,
  Info,
  LogOut,
  type LucideProps,
  Menu,
  Moon,
  Pencil,
  Search,
  Sun,
  Trash,
  TriangleExclamationPoint,
  X,
} from "lucide-react";

/**
 * The app's icons by name, drawn by lucide-react. Named imports only, so the bundle carries these
 * icons and no others; the first four are the toast and activity icons.
 */
const icons = {
  "check-circle": CircleCheck,
  "alert-circle": CircleExclamationPoint,
  "alert-triangle": TriangleExclamationPoint,
  info: Info,
  calendar: Calendar,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  close: X,
  edit: Pencil,
  eye: Eye,
  "eye-off": EyeOff,
  "log-out": LogOut,
  menu: Menu,
  moon: Moon,
  search: Search,
  sun: Sun,
  trash: Trash,
} as const;

export type IconName = keyof typeof icons;

/** A decorative icon: hidden from screen readers, so the button or text around it names it. */
export function Icon({ name, ...props }: { name: IconName } & Omit<LucideProps, "ref">) {
  const Drawn = icons[name];
  return <Drawn aria-hidden="true" focusable="false" {...props} />;
}
