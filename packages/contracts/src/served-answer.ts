/**
 * A page of the app's signed-in areas arrives with the answer of its guard's first call written into
 * it by the server (ADR 206): the element's id, and its `data-path` names the call. No schema here: the
 * web app's shell reads it before any contract with a schema is loaded.
 */
export const SERVED_ANSWER_ELEMENT_ID = 'nest-served-answer';

/** The first call of each signed-in area's guard, by the address prefix of the area's pages. */
export const SERVED_FIRST_CALLS: readonly (readonly [pagePrefix: string, apiPath: string])[] = [
  ['/admin/app/', '/api/v1/users/me'],
  ['/client/app/', '/api/v1/nest-customers/me'],
];

/**
 * A signed-in page the server painted with its data (ADR 209) carries the app's query cache as the
 * server filled it (TanStack Query's dehydrated state), in the element with this id: the app's first
 * render reads the same data and adopts the painted markup.
 */
export const SERVED_QUERY_STATE_ELEMENT_ID = 'nest-query-state';
