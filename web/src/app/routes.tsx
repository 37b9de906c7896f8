import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router";
import { HomeRedirect, PublicOnly, RequireStaff, RequireUser } from "./guards.tsx";
import { Layout } from "./layout.tsx";

// Each screen is its own chunk, so a phone opening /verfuegbarkeit loads only what it shows.
const LoginScreen = lazy(() => import("../features/auth/login_screen.tsx"));
const NewPasswordScreen = lazy(() => import("../features/auth/new_password_screen.tsx"));
const AdminPanel = lazy(() => import("./dashboard/admin_panel.tsx"));
const AppointmentsScreen = lazy(() => import("../features/appointments/appointments_screen.tsx"));
const ScheduleScreen = lazy(() => import("../features/appointments/schedule_screen.tsx"));
// Both people screens come from one module, so they share one chunk.
const InstructorsScreen = lazy(() =>
  import("./people_pages.tsx").then((m) => ({ default: m.InstructorsPage }))
);
const StudentsScreen = lazy(() =>
  import("./people_pages.tsx").then((m) => ({ default: m.StudentsPage }))
);
const AvailabilitiesListScreen = lazy(() =>
  import("../features/availabilities_list/availabilities_list_screen.tsx")
);
const VehiclesScreen = lazy(() => import("../features/vehicles/vehicles_screen.tsx"));
const ConstraintsScreen = lazy(() => import("../features/constraints/constraints_screen.tsx"));
const SchoolCalendarScreen = lazy(() =>
  import("../features/school_calendar/school_calendar_screen.tsx")
);
const ActivityScreen = lazy(() => import("../features/dashboard/activity_screen.tsx"));
const AvailabilityScreen = lazy(() => import("./availability_page.tsx"));
const CalendarScreen = lazy(() => import("../features/calendar/calendar_screen.tsx"));
const QuestionnaireScreen = lazy(() =>
  import("../features/questionnaire/questionnaire_screen.tsx")
);
const ImpressumScreen = lazy(() => import("../features/legal/impressum_screen.tsx"));
const NotFoundScreen = lazy(() => import("./not_found_screen.tsx"));
const DatenschutzScreen = lazy(() => import("../features/legal/datenschutz_screen.tsx"));

function Screen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>
  );
}

const staffRoutes: [string, ComponentType][] = [
  ["/admin-panel", AdminPanel],
  ["/appointments", AppointmentsScreen],
  ["/uebersicht", ScheduleScreen],
  ["/instructors", InstructorsScreen],
  ["/students", StudentsScreen],
  ["/availabilities-list", AvailabilitiesListScreen],
  ["/vehicles", VehiclesScreen],
  ["/constraints-settings", ConstraintsScreen],
  ["/ferien-feiertage", SchoolCalendarScreen],
  ["/aktivitaeten", ActivityScreen],
];

/** The route table of spec 01 §2 and spec 02 §2, enforced in the client. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <Screen>
              <LoginScreen />
            </Screen>
          </PublicOnly>
        }
      />
      <Route
        path="/passwort-neu"
        element={
          <Screen>
            <NewPasswordScreen />
          </Screen>
        }
      />
      <Route element={<Layout />}>
        <Route path="/" element={<HomeRedirect />} />
        <Route
          path="/kalender"
          element={
            <RequireUser>
              <Screen>
                <CalendarScreen />
              </Screen>
            </RequireUser>
          }
        />
        <Route
          path="/verfuegbarkeit"
          element={
            <RequireUser>
              <Screen>
                <AvailabilityScreen />
              </Screen>
            </RequireUser>
          }
        />
        {staffRoutes.map(([path, StaffScreen]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireStaff>
                <Screen>
                  <StaffScreen />
                </Screen>
              </RequireStaff>
            }
          />
        ))}
        <Route
          path="/fragebogen/:token"
          element={
            <Screen>
              <QuestionnaireScreen />
            </Screen>
          }
        />
        <Route
          path="/impressum"
          element={
            <Screen>
              <ImpressumScreen />
            </Screen>
          }
        />
        <Route
          path="/datenschutz"
          element={
            <Screen>
              <DatenschutzScreen />
            </Screen>
          }
        />
        <Route
          path="*"
          element={
            <Screen>
              <NotFoundScreen />
            </Screen>
          }
        />
      </Route>
    </Routes>
  );
}
