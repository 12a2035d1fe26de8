// The module index starts collapsed (Furo's domainindex.html writes this line inline;
// _templates/domainindex.html loads it from this file, for the content policy).
/* global DOCUMENTATION_OPTIONS */
// @ts-expect-error: a global constant of Sphinx's documentation_options.js, loaded before
DOCUMENTATION_OPTIONS.COLLAPSE_INDEX = true;
