/**
 * Where the try-it form starts, as the OpenAPI theme's ApiItem sets it up. Shared by the browser
 * store (src/theme/ApiItem) and the build-time code samples (plugins/openapi/samples.ts), so the
 * samples in the HTML are made from the request the form shows.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the operation object is the plugin's untyped JSON. */
export type Operation = Record<string, any>;

const SUCCESS = /^(20[0-9]|2[1-9][0-9])$/;

/** Content types of the successful responses: the form's Accept options, the first one chosen. */
export function acceptOptions(api: Operation): string[] {
  return Object.entries(api.responses ?? {})
    .filter(([code]) => SUCCESS.test(code))
    .flatMap(([, response]) => Object.keys((response as Operation).content ?? {}));
}

/** Request body content types: the form's Content-Type options. */
export function contentTypeOptions(api: Operation): string[] {
  return Object.keys(api.requestBody?.content ?? {});
}

/** The parameters by location, each prefilled with its schema default or first example. */
export function initialParams(api: Operation): Record<'path' | 'query' | 'header' | 'cookie', Operation[]> {
  const params: Record<string, Operation[]> = {path: [], query: [], header: [], cookie: []};
  for (const param of api.parameters ?? []) {
    const named = param.examples && typeof param.examples === 'object' ? (Object.values(param.examples)[0] as Operation | undefined)?.value : undefined;
    const value = param.schema?.default ?? param.example ?? param.schema?.example ?? named;
    params[param.in]?.push(value === undefined ? param : {...param, value});
  }
  return params as Record<'path' | 'query' | 'header' | 'cookie', Operation[]>;
}
