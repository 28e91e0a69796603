import { Link } from "@react-email/link";
import { translate, type Locale } from "~/i18n";
import { colors, EmailButton, EmailText } from "./components";

/**
 * The participant's personal manage-my-booking link (a signed token, decision 014): a button, what
 * the page is for, and the address written out for mail clients that hide buttons.
 */
export function ManageBookingLink({ locale, url, label, text }: { locale: Locale; url: string; label?: string; text?: string }) {
  return (
    <>
      <EmailButton href={url}>{label ?? translate(locale, "booking.lifecycle.email.manageButton")}</EmailButton>
      <EmailText muted>
        {text ?? translate(locale, "booking.lifecycle.email.manageText")}{" "}
        <Link href={url} style={{ color: colors.ocean, textDecoration: "underline", wordBreak: "break-all" }}>
          {url}
        </Link>
      </EmailText>
    </>
  );
}
