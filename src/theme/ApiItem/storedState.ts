/**
 * What the try-it form takes back from browser storage, checked. Storage is outside our control:
 * an older version of the theme, another site on the same origin or the reader may have left
 * anything under these keys, and the form's components index into the server and credentials
 * without checks. Anything not of the expected shape is dropped, so the form starts from the
 * operation's defaults instead of the page failing.
 */
import type {AuthState} from '@theme/ApiExplorer/Authorization/slice';

interface ServerVariable {
  default?: unknown;
  enum?: unknown[];
}

export interface Server {
  url: string;
  description?: string;
  variables?: Record<string, ServerVariable>;
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored server, if it is one of the operation's servers: that server with the variable values
 * the reader typed (strings only, and from the allowed list when the variable has one).
 */
export function restoreServer(stored: string | null, servers: Server[]): Server | undefined {
  const saved = parse(stored);
  if (!isObject(saved) || typeof saved.url !== 'string') return undefined;
  const server = servers.find((s) => s.url === saved.url);
  if (!server) return undefined;
  const savedVariables = isObject(saved.variables) ? saved.variables : {};
  const variables: Record<string, ServerVariable> = {};
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    const savedVariable = savedVariables[name];
    const value = isObject(savedVariable) ? savedVariable.default : undefined;
    const allowed = typeof value === 'string' && (!variable.enum || variable.enum.includes(value));
    variables[name] = allowed ? {...variable, default: value} : variable;
  }
  return server.variables ? {...server, variables} : server;
}

/** The theme's credentials read back from storage, keeping only text values and a known scheme choice. */
export function checkedAuth(auth: AuthState): AuthState {
  const data = Object.fromEntries(
    Object.entries(auth.data).map(([scheme, values]) => [
      scheme,
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value : undefined])),
    ]),
  );
  const choices = Object.keys(auth.options);
  const selected = auth.selected !== undefined && choices.includes(auth.selected) ? auth.selected : choices[0];
  return {...auth, data, selected};
}
