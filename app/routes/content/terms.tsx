import { useRouteLoaderData } from "react-router";
import { WaiverText } from "~/components/waiver-text";
import { terms } from "~/content/terms";
import { waiver } from "~/content/waiver";
import { translate } from "~/i18n";
import { seo, type RootData } from "~/lib/seo";
import type { Route } from "./+types/terms";
import { LegalDocument, LegalSection } from "./legal-document";
import { TextWithEmail } from "./text-with-email";
import "~/i18n/content";

// The spec keeps the terms in English whatever the visitor's language (root applies this to <html lang>).
export const handle = { locale: "en" };

export function meta({ matches }: Route.MetaArgs) {
  const { publicUrl, languageAddress } = matches[0].loaderData;
  return seo({
    title: `${terms.title} | ${translate("en", "site.name")}`,
    description: translate("en", "content.terms.meta.description"),
    path: "/servicevoorwaarden",
    publicUrl,
    locale: "en",
    languageAddress,
    oneLanguage: true,
  });
}

export default function TermsPage() {
  const email = (useRouteLoaderData("root") as RootData | undefined)?.teamEmail ?? "";
  return (
    <LegalDocument
      locale="en"
      title={terms.title}
      lastUpdated={terms.lastUpdated}
      intro={<p>{terms.intro}</p>}
      toc={terms.sections.map((section) => ({
        id: section.id,
        label: `${section.number}. ${section.title}`,
        children: section.id === "waiver" ? waiver.parts.map((part) => ({ id: `waiver-${part.id}`, label: part.title })) : undefined,
      }))}
    >
      {terms.sections.map((section) => (
        <LegalSection key={section.id} id={section.id} title={`${section.number}. ${section.title}`}>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>
              <TextWithEmail text={paragraph} email={email} />
            </p>
          ))}
          {section.id === "waiver" && (
            <WaiverText locale="en" headingLevel={3} idPrefix="waiver" className="mt-8 rounded-lg border-l-4 border-signal-500 bg-foam-100/60 p-5 sm:p-8" />
          )}
        </LegalSection>
      ))}
    </LegalDocument>
  );
}
