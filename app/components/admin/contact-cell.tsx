import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A person in an admin table's first column: the name, a mail link and the phone number, as the
 * row's header cell (the table styles reset for a plain, left-aligned cell). `children` adds lines.
 */
export function ContactCell({ name, email, phone, children }: { name: string; email: string; phone?: string | null; children?: ReactNode }) {
  return (
    <th scope="row" className="px-3 py-2.5 text-left text-sm! font-normal! normal-case! tracking-normal! text-slate-700!">
      <span className="block font-semibold text-navy-900">{name}</span>
      <a href={`mailto:${email}`} className="flex items-center gap-1 break-all text-ocean-600 hover:underline">
        <Mail aria-hidden className="size-3.5 shrink-0" />
        {email}
      </a>
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
