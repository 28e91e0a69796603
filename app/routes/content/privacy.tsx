import { useRouteLoaderData } from "react-router";
import { privacy } from "~/content/privacy";
import { translate, useI18n } from "~/i18n";
import { seo, type RootData } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { LegalDocument, LegalSection } from "./legal-document";
import { TextWithEmail } from "./text-with-email";
import "~/i18n/content";

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return seo({
    title: `${privacy[locale].title} | ${translate(locale, "site.name")}`,
    description: translate(locale, "content.privacy.meta.description"),
    path: "/privacy",
    publicUrl,
    locale,
    languageAddress,
  });
}

export default function PrivacyPage() {
  const { locale } = useI18n();
  const email = (useRouteLoaderData("root") as RootData | undefined)?.teamEmail ?? "";
  const policy = privacy[locale];
  return (
    <LegalDocument
      locale={locale}
      title={policy.title}
      lastUpdated={policy.lastUpdated}
      intro={<p>{policy.intro}</p>}
      toc={policy.sections.map((section) => ({ id: section.id, label: section.title }))}
    >
      {policy.sections.map((section) => (
        <LegalSection key={section.id} id={section.id} title={section.title}>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>
              <TextWithEmail text={paragraph} email={email} />
            </p>
          ))}
          {section.items && (
            <ul className="list-disc space-y-2 pl-6 marker:text-signal-500">
              {section.items.map((item, index) => (
                <li key={index}>
                  <TextWithEmail text={item} email={email} />
                </li>
              ))}
            </ul>
          )}
        </LegalSection>
      ))}
    </LegalDocument>
  );
}
