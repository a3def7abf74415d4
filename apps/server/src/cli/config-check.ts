import { ConfigError, loadConfig } from '../config.ts';
import { maskSecrets } from './masked-config.ts';

export interface ConfigReport {
  ok: boolean;
  /** Every problem, one line each naming the variable (as the server prints them at start). */
  problems: string[];
  /** The effective configuration, secrets masked; null when the settings cannot be read. */
  config: unknown;
}

/** `gatehouse config check`: the configuration the server would run with, or everything wrong with it. */
export function checkConfig(env: Record<string, string | undefined>): ConfigReport {
  try {
    const config = loadConfig(env);
    const masked = maskSecrets(config) as Record<string, unknown>;
    // Unset outside production: the server generates one; saying so beats a bare null.
    if (config.secret === undefined) masked.secret = '(generated into DATA_DIR/secret at start)';
    return { ok: true, problems: [], config: masked };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { ok: false, problems: error.problems, config: null };
  }
}

/** The report for a terminal: the problems, or the settings as indented JSON. */
export function describeConfig(report: ConfigReport): string {
  if (!report.ok) return report.problems.map((problem) => `problem: ${problem}`).join('\n');
  return `configuration OK\n${JSON.stringify(report.config, null, 2)}`;
}
