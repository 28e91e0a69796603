import booking from "./booking";
import waitlist from "./waitlist";
import common from "./common";
import content from "./content";
import errors from "./errors";
import events from "./events";
import home from "./home";
import news from "./news";
import newsletter from "./newsletter";
import privatePages from "./private";
import contentLanguage from "./content-language";

/** Every public page's messages in one language: one chunk per language in the browser (admin apart). */
export default { ...common, ...home, ...content, ...news, ...newsletter, ...events, ...booking, ...waitlist, ...privatePages, ...contentLanguage, ...errors };
