import common from "./common";
import events from "./events";
import home from "./home";
import newsCategories from "./news-categories";
import newsletter from "./newsletter";
import contentLanguage from "./content-language";

/**
 * The messages every public page may show, in one language: one chunk per language in the browser.
 * The news pages', the content pages', the private pages', the booking forms' and the waiting
 * list's come apart (`~/i18n/news`, `~/i18n/content`, `~/i18n/private`, `~/i18n/booking`,
 * `~/i18n/waitlist`), the admin's too; the e-mails' and the server's refusals (`errors`) never
 * reach a browser (catalog.node.ts).
 */
export default { ...common, ...home, ...newsCategories, ...newsletter, ...events, ...contentLanguage };
