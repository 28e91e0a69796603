import booking from "./booking";
import waitlist from "./waitlist";
import common from "./common";
import errors from "./errors";
import events from "./events";
import home from "./home";
import news from "./news";
import newsletter from "./newsletter";
import contentLanguage from "./content-language";

/**
 * The messages every public page may show, in one language: one chunk per language in the browser.
 * The content pages' and the private pages' come apart (`~/i18n/content`, `~/i18n/private`), the admin's too.
 */
export default { ...common, ...home, ...news, ...newsletter, ...events, ...booking, ...waitlist, ...contentLanguage, ...errors };
