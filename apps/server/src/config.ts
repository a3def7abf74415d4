// The settings' entry point, kept where every importer finds it; the readers live in config/.
export { ConfigError } from './config/config-error.ts';
export { type Config, loadConfig } from './config/load-config.ts';
