import { CheckCircle2, LinkIcon, MailX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import "~/i18n/newsletter-links";
import { subscriberByToken, unsubscribe } from "@server/newsletter/subscriptions.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { NewsletterPage } from "./newsletter-page";

// GET only shows the question: mail scanners open every link in a message, and must not unsubscribe anyone.
export async function loader({ params }: Route.LoaderArgs) {
  const subscriber = await subscriberByToken(params.token);
  if (!subscriber) return { state: "invalid" as const };
  return { state: subscriber.status === "unsubscribed" ? ("done" as const) : ("ask" as const), email: subscriber.email };
}

/** The page's button, and mail clients' one-click unsubscribe (RFC 8058), post here. */
export async function action({ params }: Route.ActionArgs) {
  const subscriber = await unsubscribe(params.token);
  if (!subscriber) return { state: "invalid" as const };
  return { state: "done" as const, email: subscriber.email };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale } = matches[0].loaderData;
  return [{ title: translate(locale, "newsletter.unsubscribe.metaTitle") }, { name: "robots", content: "noindex" }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const result = actionData ?? loaderData;

  if (result.state === "invalid") {
    return (
      <NewsletterPage icon={LinkIcon} tone="warning" title={t("newsletter.unsubscribe.invalidTitle")}>
        <p>{t("newsletter.unsubscribe.invalidText")}</p>
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t("newsletter.toHome")}</Link>
        </Button>
      </NewsletterPage>
    );
  }
  if (result.state === "done") {
    return (
      <NewsletterPage icon={CheckCircle2} tone="positive" title={t("newsletter.unsubscribe.doneTitle")}>
        <p role="status">{t("newsletter.unsubscribe.doneText", { email: result.email })}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="accent" size="lg">
            <Link to="/">{t("newsletter.toHome")}</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/#newsletter">{t("newsletter.signUpAgain")}</Link>
          </Button>
        </div>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage icon={MailX} tone="neutral" title={t("newsletter.unsubscribe.title")}>
      <p>{t("newsletter.unsubscribe.text", { email: result.email })}</p>
      <Form method="post">
        <Button type="submit" variant="accent" size="lg" disabled={navigation.state === "submitting"}>
          {t("newsletter.unsubscribe.button")}
        </Button>
      </Form>
    </NewsletterPage>
  );
}
