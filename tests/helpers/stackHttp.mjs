// The running stack over HTTP, as the end-to-end set-up, the benches and the seed's tests reach it
// besides a browser or the SDKs: accounts through the Auth emulator's REST API, the database over
// REST with the emulator's owner token, callables over their HTTP protocol (as the web SDK sends
// them). Plain JavaScript, so the benches (.mjs) and the TypeScript tests share one copy.

/**
 * Signs an e-mail/password account in through the Auth emulator's REST API (it accepts any API key).
 * @param {string} authUrl the Auth emulator, e.g. `http://127.0.0.1:9099`
 * @param {{ email: string; password: string }} account
 * @returns {Promise<{ idToken: string; localId: string }>}
 */
export async function signInWithPassword(authUrl, { email, password }) {
  return authRequest(authUrl, 'signInWithPassword', { email, password }, `sign-in ${email}`);
}

/**
 * Creates an e-mail/password account through the Auth emulator's REST API, signed in.
 * @param {string} authUrl
 * @param {{ email: string; password: string }} account
 * @returns {Promise<{ idToken: string; localId: string }>}
 */
export async function signUp(authUrl, { email, password }) {
  return authRequest(authUrl, 'signUp', { email, password }, `sign-up ${email}`);
}

async function authRequest(authUrl, method, body, what) {
  const response = await accountsRequest(authUrl, method, { ...body, returnSecureToken: true });
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return /** @type {Promise<{ idToken: string; localId: string }>} */ (response.json());
}

/**
 * A JSON body POSTed to `url` (a webhook, an emulator's REST method, a stand-in's control): the
 * response, whatever its status.
 * @param {string} url @param {unknown} body @returns {Promise<Response>}
 */
export function postJson(url, body) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * The Auth emulator's Identity Toolkit REST method `accounts:<method>` (signUp, resetPassword, …; it
 * accepts any API key) with `body`: the response, whatever its status.
 * @param {string} authUrl @param {string} method @param {unknown} body @returns {Promise<Response>}
 */
export function accountsRequest(authUrl, method, body) {
  return postJson(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`, body);
}

/**
 * Sets the KSeF stand-in's failure switches (scripts/lib/ksefStandIn.md: `POST /__stand-in/control`).
 * @param {string | undefined} controlUrl the stack's `urls.ksefControl`
 * @param {Record<string, unknown>} switches
 * @returns {Promise<void>}
 */
export async function switchKsefStandIn(controlUrl, switches) {
  if (!controlUrl) throw new Error('The stack started no KSeF stand-in');
  const response = await postJson(controlUrl, switches);
  if (response.status !== 200) throw new Error(`KSeF stand-in control: ${response.status} ${await response.text()}`);
}

/** What a participant's registration sends besides the name (the wizard's other answers). */
const REGISTRATION_DETAILS = {
  phone: '+48 600 200 300',
  country: 'PL',
  consents: { terms: true, privacy: true, marketing: false },
};

/**
 * @typedef {{ urls: { rtdb: string; auth?: string; functions?: string }; namespace: string; projectId: string; region: string }} StackAddress
 * @typedef {{ result?: any; error?: { status: string; message: string; details?: Record<string, unknown> } }} CallableAnswer
 */

/**
 * The database, Auth and callables of one stack. A caller is an ID token (`signInWithPassword`).
 * @param {StackAddress} stack
 */
export function stackHttp(stack) {
  /** @param {string} path @param {string} [query] further REST parameters, e.g. `&orderBy="email"&equalTo="…"` */
  const rest = (path, query = '') => `${stack.urls.rtdb}/${path}.json?ns=${stack.namespace}&auth=owner${query}`;

  /** @param {string} path @param {string} [query] @returns {Promise<any>} */
  async function dbGet(path, query = '') {
    const response = await fetch(rest(path, query));
    if (!response.ok) throw new Error(`GET /${path}: ${response.status}`);
    return response.json();
  }

  /** @param {'PATCH' | 'PUT'} method @param {string} path @param {unknown} body */
  async function dbWrite(method, path, body) {
    const response = await fetch(rest(path), { method, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} /${path}: ${response.status}`);
  }
  /** @param {string} path @param {unknown} body @returns {Promise<void>} */
  const dbPatch = (path, body) => dbWrite('PATCH', path, body);
  /** @param {string} path @param {unknown} body @returns {Promise<void>} */
  const dbPut = (path, body) => dbWrite('PUT', path, body);

  /**
   * A callable over its HTTP protocol, as the web SDK sends it: its answer or its refusal.
   * @param {string | null} idToken the caller, or null for a caller who is not signed in
   * @param {string} name @param {unknown} data
   * @returns {Promise<CallableAnswer>}
   */
  async function callAnswer(idToken, name, data) {
    const response = await fetch(`${stack.urls.functions}/${stack.projectId}/${stack.region}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
      body: JSON.stringify({ data }),
    });
    return response.json();
  }

  /**
   * A callable's result; throws with its refusal.
   * @param {string | null} idToken @param {string} name @param {unknown} data
   * @returns {Promise<any>}
   */
  async function call(idToken, name, data) {
    const body = await callAnswer(idToken, name, data);
    if (body.error || !('result' in body)) throw new Error(`${name}: ${body.error?.message ?? JSON.stringify(body)}`);
    return body.result;
  }

  /**
   * A registered participant (Auth account + completeRegistration), as the wizard would leave it.
   * @param {string} email @param {{ firstName: string; lastName: string }} person @param {string} [password]
   */
  async function register(email, person, password = 'Latarnia-2027') {
    const { localId, idToken } = await signUp(/** @type {string} */ (stack.urls.auth), { email, password });
    await call(idToken, 'completeRegistration', { ...person, ...REGISTRATION_DETAILS });
    return { uid: localId, email, password, idToken };
  }

  return { rest, dbGet, dbPatch, dbPut, callAnswer, call, register };
}
