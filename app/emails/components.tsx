import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";

/** The site's palette, inlined: mail clients ignore stylesheets. */
export const colors = {
  navy: "#0b1f33",
  ocean: "#0e4a6e",
  foam: "#eaf4fc",
  foamDark: "#bfdbf7",
  signal: "#f26b38",
  text: "#1f3347",
  muted: "#51657a",
  border: "#d9e2ec",
} as const;

export const fontStack = "'Inter', 'Helvetica Neue', Helvetica, Arial, sans-serif";

export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{
        color: colors.navy,
        fontSize: 26,
        lineHeight: "32px",
        fontWeight: 700,
        textTransform: "uppercase",
        letterSpacing: 0.5,
        margin: "0 0 16px",
      }}
    >
      {children}
    </Heading>
  );
}

export function EmailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={{ color: muted ? colors.muted : colors.text, fontSize: 15, lineHeight: "24px", margin: "0 0 16px" }}>{children}</Text>;
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colors.signal,
        color: "#ffffff",
        fontSize: 15,
        fontWeight: 700,
        textDecoration: "none",
        borderRadius: 6,
        padding: "14px 24px",
        display: "inline-block",
        margin: "8px 0 24px",
      }}
    >
      {children}
    </Button>
  );
}

/** Label/value rows, e.g. the details in a team notification. */
export function EmailDetails({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%", margin: "0 0 16px", borderCollapse: "collapse" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: "6px 12px 6px 0", color: colors.muted, fontSize: 14, verticalAlign: "top", width: "35%" }}>{label}</td>
            <td style={{ padding: "6px 0", color: colors.text, fontSize: 14, verticalAlign: "top" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
