// `npm run bench`: loads Gatehouse and stock Better Auth with the same scenarios and compares them.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { type BenchOptions, parseBenchArgs } from './args.ts';
import { chooseLoadGenerator, type LoadGenerator, runLoad } from './load.ts';
import { prepareUser } from './prepare.ts';
import { checkTargets, compare, formatComparisons, formatTable, type Measurement } from './report.ts';
import { checkScenario, scenarios } from './scenarios.ts';
import { repoRoot, type ServerKind, serverExists, startServer } from './servers.ts';

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  for (const kind of options.servers) {
    if (!serverExists(kind))
      throw new Error(`${kind}: entry point not found (use --only to bench the other server)`);
  }
  const generator = chooseLoadGenerator(options.tool);
  console.log(
    `bench: ${describeGenerator(generator)}; ${options.durationS} s per scenario (sign-in: ${options.signInDurationS} s) ` +
      `after ${options.warmupS} s warm-up; ${options.connections} connections (sign-in: ${options.signInConnections}); ` +
      `servers: ${options.servers.join(', ')}`,
  );

  const measurements: Measurement[] = [];
  // Servers alternate per cookie-cache mode so slow drift of the machine hits both alike.
  for (const cookieCache of [true, false]) {
    for (const kind of options.servers) {
      measurements.push(...(await benchInstance(kind, cookieCache, options, generator)));
    }
  }
  measurements.sort((a, b) => scenarioOrder(a.scenario) - scenarioOrder(b.scenario));

  const comparisons = compare(measurements);
  const checks = checkTargets(comparisons);
  console.log(`\nload generator: ${describeGenerator(generator)}\n${formatTable(measurements)}\n`);
  if (comparisons.length > 0) console.log(`${formatComparisons(comparisons, checks)}\n`);

  const resultsDir = join(repoRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const resultsFile = join(resultsDir, 'latest.json');
  const results = {
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      betterAuth: betterAuthVersion(),
    },
    loadGenerator: { tool: generator.tool, version: generator.version },
    options,
    measurements,
    comparisons,
    targets: checks,
  };
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results written to ${resultsFile}`);
}

async function benchInstance(
  kind: ServerKind,
  cookieCache: boolean,
  options: BenchOptions,
  generator: LoadGenerator,
): Promise<Measurement[]> {
  const mine = scenarios.filter((scenario) => scenario.cookieCache === cookieCache);
  if (mine.length === 0) return [];
  const label = `${kind} (cookie cache ${cookieCache ? 'on' : 'off'})`;
  const server = await startServer(kind, cookieCache);
  try {
    const user = await prepareUser(server.baseUrl).catch((error: unknown) => {
      throw new Error(
        `${label}: preparing the user failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    const measurements: Measurement[] = [];
    for (const scenario of mine) {
      await checkScenario(server.baseUrl, scenario, user).catch((error: unknown) => {
        throw new Error(
          `${label}: sanity check failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      const result = await runLoad(generator, server.baseUrl, scenario.request(user, server.baseUrl), {
        connections: scenario.hashesPassword ? options.signInConnections : options.connections,
        durationS: scenario.hashesPassword ? options.signInDurationS : options.durationS,
        warmupS: options.warmupS,
      });
      console.log(
        `  ${scenario.name} on ${kind}: ${result.requestsPerSec.toFixed(0)} req/s, ` +
          `p99 ${result.p99Ms.toFixed(2)} ms, ${result.non2xx} non-2xx`,
      );
      measurements.push({ scenario: scenario.name, server: kind, cookieCache, result });
    }
    return measurements;
  } finally {
    await server.stop();
  }
}

function describeGenerator(generator: LoadGenerator): string {
  const how = generator.tool === 'wrk' ? '1 thread, separate process' : 'in the orchestrator process';
  return `${generator.tool} ${generator.version} (${how})`;
}

function scenarioOrder(name: string): number {
  return scenarios.findIndex((scenario) => scenario.name === name);
}

function betterAuthVersion(): string {
  try {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'node_modules', 'better-auth', 'package.json'), 'utf8'),
    );
    return String(manifest.version);
  } catch {
    return 'unknown';
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
