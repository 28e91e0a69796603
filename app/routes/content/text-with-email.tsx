import { Fragment } from "react";

/** The legal texts write the team's address as this placeholder, so it follows TEAM_EMAIL. */
export const EMAIL_PLACEHOLDER = "{email}";

/** Text split around the e-mail placeholder: the pieces between which the address goes. */
export function splitOnEmail(text: string): string[] {
  return text.split(EMAIL_PLACEHOLDER);
}

/** Plain text in which every `{email}` becomes a mailto: link to the team. */
export function TextWithEmail({ text, email, linkClassName }: { text: string; email: string; linkClassName?: string }) {
  const pieces = splitOnEmail(text);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 && (
            <a href={`mailto:${email}`} className={linkClassName ?? "font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700"}>
              {email}
            </a>
          )}
        </Fragment>
      ))}
    </>
  );
}
