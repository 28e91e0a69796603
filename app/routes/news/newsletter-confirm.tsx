import { CheckCircle2, CircleSlash, LinkIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { translate, useI18n } from "~/i18n";
import "~/i18n/newsletter-links";
import { confirmSubscription } from "@server/newsletter/subscriptions.server";
import type { Route } from "./+types/newsletter-confirm";
import { NewsletterPage } from "./newsletter-page";

/**
 * Opening the link from the confirmation e-mail confirms the subscription. Idempotent, so
 * opening it twice (or a mail scanner opening it first) does no harm.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await confirmSubscription(params.token);
  if (result.status !== "confirmed") return { status: result.status };
  const { subscriber } = result;
  return { status: "confirmed" as const, name: subscriber.name, email: subscriber.email, token: subscriber.token };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale } = matches[0].loaderData;
  return [{ title: translate(locale, "newsletter.confirm.metaTitle") }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.status === "confirmed") {
    return (
      <NewsletterPage icon={CheckCircle2} tone="positive" title={t("newsletter.confirm.title")}>
        <p>{t("newsletter.confirm.text", { name: loaderData.name, email: loaderData.email })}</p>
        <Button asChild variant="accent" size="lg">
          <Link to="/">{t("newsletter.toHome")}</Link>
        </Button>
        <p className="border-t pt-5 text-sm text-muted-foreground">
          {t("newsletter.confirm.unsubscribeHint")}{" "}
          <Link to={`/newsletter/unsubscribe/${loaderData.token}`} className="font-semibold text-ocean-600 underline underline-offset-2">
            {t("newsletter.unsubscribeLink")}
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  const unsubscribed = loaderData.status === "unsubscribed";
  return (
    <NewsletterPage
      icon={unsubscribed ? CircleSlash : LinkIcon}
      tone="warning"
      title={unsubscribed ? t("newsletter.confirm.unsubscribedTitle") : t("newsletter.confirm.invalidTitle")}
    >
      <p>{unsubscribed ? t("newsletter.confirm.unsubscribedText") : t("newsletter.confirm.invalidText")}</p>
      <Button asChild variant="accent" size="lg">
        <Link to="/#newsletter">{t("newsletter.signUpAgain")}</Link>
      </Button>
    </NewsletterPage>
  );
}
