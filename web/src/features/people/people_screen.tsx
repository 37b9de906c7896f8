import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { type Credentials, CredentialsModal } from "../../components/ui/credentials_modal.tsx";
import { type Column, RowActions, useServerList } from "../../components/ui/data_table.tsx";
import { DropdownMenu } from "../../components/ui/dropdown_menu.tsx";
import { ListPage } from "../../components/ui/list_page.tsx";
import { TourButton } from "../../components/ui/tour_button.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { instructorRole } from "./instructor_role.tsx";
import { displayName, type PersonFields, type PersonRow } from "./people_types.ts";
import { PersonCreateModal } from "./person_create.tsx";
import { type PersonDetailExtras, PersonDetailOverlay } from "./person_detail.tsx";
import { DeletePersonDialog } from "./delete_person_dialog.tsx";
import type { PersonRole } from "./person_role.ts";
import { StudentListTour, useStudentListTour } from "./student_list_tour.tsx";
import { studentRole } from "./student_role.tsx";
import { peopleListRoute, usePersonListActions } from "./use_person_list_actions.ts";

/** /instructors: the searchable, sortable, paged list of instructors (spec 02 §2). */
export function InstructorsScreen({ DetailExtras }: { DetailExtras?: PersonDetailExtras }) {
  return <PeopleScreen role={instructorRole} DetailExtras={DetailExtras} />;
}

/** /students: the searchable, sortable, paged list of students (spec 02 §2). */
export function StudentsScreen({ DetailExtras }: { DetailExtras?: PersonDetailExtras }) {
  return <PeopleScreen role={studentRole} DetailExtras={DetailExtras} />;
}

function PeopleScreen<Row extends PersonRow, Detail extends Row, Form extends PersonFields>(
  { role, DetailExtras }: {
    role: PersonRole<Row, Detail, Form>;
    DetailExtras?: PersonDetailExtras;
  },
) {
  const toast = useToast();
  const navigate = useNavigate();
  const { word } = role;
  const onError = useCallback(() => toast.show(de.list.loadFailed, "error"), [toast]);
  const list = useServerList<typeof peopleListRoute, Row>(peopleListRoute, {
    defaultSort: { by: "username", direction: "asc" },
    params: { role: role.role },
    onError,
  });
  const [detail, setDetail] = useState<{ id: number; mode: "view" | "edit" } | null>(null);
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);
  const { remove, deactivate, exportList, exporting } = usePersonListActions(role, list);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const students = role.role === "student";
  const tour = useStudentListTour(students, list);

  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Name",
      sortKey: "name",
      render: (row) => (
        <div className="cell-stack">
          <button
            type="button"
            className="cell-title"
            onClick={() => setDetail({ id: row.id, mode: "view" })}
          >
            {displayName(row)}
          </button>
          <span className="cell-sub">{row.email || row.username}</span>
        </div>
      ),
    },
    ...role.columns,
    {
      key: "status",
      header: de.list.status,
      sortKey: "is_active",
      render: (row) =>
        row.is_active
          ? <span className="badge badge-success">{de.list.active}</span>
          : <span className="badge">{de.list.inactive}</span>,
    },
    {
      key: "actions",
      header: de.list.rowActions,
      hiddenHeader: true,
      render: (row) => (
        <RowActions
          name={displayName(row)}
          onEdit={() => setDetail({ id: row.id, mode: "edit" })}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={word}
      className="people-page"
      description={list.loading && !list.total ? "\u00a0" : `${list.total} ${word} insgesamt`}
      actions={
        <>
          <DropdownMenu
            className="people-export"
            label={exporting ? de.actions.exporting : de.actions.exportImport}
            items={[
              { label: de.actions.exportExcel, onSelect: exportList },
              {
                label: "Aus Excel importieren",
                // The importer lives in the dashboard's import section (spec 01 §2).
                onSelect: () =>
                  navigate(
                    `/admin-panel#import-${role.role === "instructor" ? "fahrlehrer" : "schueler"}`,
                  ),
              },
            ]}
          />
          <button
            type="button"
            className="button button-primary"
            data-tutorial={students ? "student-add" : undefined}
            onClick={() => setCreating(true)}
          >
            + {word} hinzufügen
          </button>
          {students && <TourButton onClick={tour.start} />}
        </>
      }
      list={list}
      search={{
        label: de.list.search(word),
        placeholder: "Name, Benutzername oder E-Mail suchen...",
      }}
      pagesLabel={`Seiten der ${word}liste`}
      tableLabel={word}
      columns={columns}
      onRowClick={(row) => setDetail({ id: row.id, mode: "view" })}
      emptyMessage={de.list.empty(word)}
    >
      {detail && (
        <PersonDetailOverlay
          key={`${detail.id}-${detail.mode}`}
          role={role}
          DetailExtras={DetailExtras}
          id={detail.id}
          initialMode={detail.mode}
          onClose={closeDetail}
          onSaved={list.reload}
        />
      )}
      {creating && (
        <PersonCreateModal
          role={role}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setCredentials(created);
            list.reload();
          }}
        />
      )}
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
      <DeletePersonDialog
        row={deleting}
        word={word}
        onCancel={() => setDeleting(null)}
        onDeactivate={() => {
          if (deleting) void deactivate(deleting);
          setDeleting(null);
        }}
        onDelete={() => {
          if (deleting) void remove(deleting);
          setDeleting(null);
        }}
      />
      {students && <StudentListTour tour={tour} />}
    </ListPage>
  );
}
