/** The engine's routes, on the app's own origin (the server mounts them there, README "API"). */
export const API_BASE = '/api/auth';
export const OPENAPI_URL = `${API_BASE}/openapi.json`;
