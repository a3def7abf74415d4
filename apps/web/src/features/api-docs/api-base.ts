/** The engine's routes, on the app's own origin (the server mounts them there, docs/api.md#routes). */
export const API_BASE = '/api/auth';
export const OPENAPI_URL = `${API_BASE}/openapi.json`;
