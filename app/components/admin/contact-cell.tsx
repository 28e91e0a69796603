import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An e-mail address as a mail link, or a dash when there is none (an address erased on request
 * is empty): never an empty link, which a keyboard would stop on and a screen reader read as
 * "link" with no name.
 */
export function MailLink({ email, className, icon = false }: { email: string; className?: string; icon?: boolean }) {
  if (!email.trim()) return <span className={className}>–</span>;
  return (
    <a href={`mailto:${email}`} className={className ?? "text-ocean-600 hover:underline"}>
      {icon && <Mail aria-hidden className="size-3.5 shrink-0" />}
      {email}
    </a>
  );
}

/**
 * A person in an admin table's first column: the name, a mail link and the phone number, as the
 * row's header cell (the table styles reset for a plain, left-aligned cell). `children` adds lines.
 */
export function ContactCell({ name, email, phone, children }: { name: string; email: string; phone?: string | null; children?: ReactNode }) {
  return (
    <th scope="row" className="px-3 py-2.5 text-left text-sm! font-normal! normal-case! tracking-normal! text-slate-700!">
      <span className="block font-semibold text-navy-900">{name}</span>
      <MailLink email={email} icon className="flex items-center gap-1 break-all text-ocean-600 hover:underline" />
      {phone && (
        <span className="flex items-center gap-1 text-slate-600">
          <Phone aria-hidden className="size-3.5" />
          {phone}
        </span>
      )}
      {children}
    </th>
  );
}
