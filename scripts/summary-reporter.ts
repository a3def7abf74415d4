import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every test run with the slowest files (the suite must stay under 12 minutes on a 2-core
 * machine, CONTRIBUTING.md) and one
 * plain last line, `Tests: N passed, N failed, N skipped`, which CI and people can read without
 * knowing Vitest's own summary format.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    const slowest = [...modules]
      .map((module) => ({
        file: relative(process.cwd(), module.moduleId),
        seconds: module.diagnostic().duration / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (modules.length > 10) {
      console.log(
        `Slowest files:\n${slowest.map((m) => `  ${m.seconds.toFixed(0).padStart(4)} s  ${m.file}`).join('\n')}`,
      );
    }
    // Printed as the process ends, so it comes after Vitest's own summary as the last line.
    process.once('exit', () => console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`));
  }
}
