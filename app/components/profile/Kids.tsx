/** 'Your Kids' on the profile: each child with grade, school and teacher avatars (the first 3, then '+N'). */
import { Link } from "react-router";
import { ChevronRightIcon, PlusSquareIcon } from "~/components/ui/screen-icons";
import { avatarSrc, gradeLabel } from "~/lib/child";
import { initials } from "~/lib/initials";
import type { Child } from "~/lib/profile";
import { CARD, RowLink } from "./Section";

const SHOWN_TEACHERS = 3;

function TeacherAvatars({ teachers }: { teachers: string[] }) {
  if (!teachers.length) return null;
  const more = teachers.length - SHOWN_TEACHERS;
  return (
    <span aria-label={`${teachers.length} teachers and coaches`} className="flex -space-x-2">
      {teachers.slice(0, SHOWN_TEACHERS).map((teacher) => (
        <span
          key={teacher}
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-sky-soft text-[0.6875rem] font-semibold text-sky ring-2 ring-surface"
        >
          {initials(teacher)}
        </span>
      ))}
      {more > 0 ? (
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-sunken text-[0.6875rem] font-semibold text-ink-soft ring-2 ring-surface"
        >
          +{more}
        </span>
      ) : null}
    </span>
  );
}

export function Kids({ kids }: { kids: Child[] }) {
  return (
    <ul className={CARD}>
      {kids.map((child) => (
        <li key={child._id}>
          <Link to={`/edit/child/${child._id}`} className="flex min-h-touch items-center gap-3 px-4 py-3 hover:bg-sunken">
            <img src={avatarSrc(child.avatarId)} alt="" width={40} height={40} className="size-10 rounded-full bg-sunken" />
            <span className="min-w-0 flex-1">
              <span className="block text-body font-semibold text-ink">{child.firstName}</span>
              <span className="block truncate text-footnote text-ink-soft">
                {[gradeLabel(child.grade), child.school?.name].filter(Boolean).join(" · ")}
              </span>
            </span>
            <TeacherAvatars teachers={child.teachers} />
            <ChevronRightIcon size={18} className="shrink-0 text-ink-faint" />
          </Link>
        </li>
      ))}
      <li>
        <RowLink to="/add/child" icon={<PlusSquareIcon size={22} />}>
          Add Child
        </RowLink>
      </li>
    </ul>
  );
}
