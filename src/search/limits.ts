/** SPEC §9: at most 10 results on the search page and 10 suggestions in the dropdown. */
export const RESULT_LIMIT = 10;
export const SUGGESTION_LIMIT = 10;
