import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The alert rules (ops/prometheus/alerts.yml, issue 37): `promtool check rules` and `promtool
 * test rules` on the synthetic series of alerts.test.yml, when promtool is installed (Debian's
 * `prometheus` package; .ci/run installs it, so CI always runs them). And, always, every alert is
 * named in docs/operations.md's alert table, whose runbook lines it points at. The Grafana
 * dashboard's queries are checked by the same parser (as recording rules).
 */

const root = path.resolve(import.meta.dirname, '../../../../..');
const rulesDir = path.join(root, 'ops/prometheus');
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
const hasPromtool = promtool.status === 0;

function run(args: string[]) {
  const result = spawnSync('promtool', args, { cwd: rulesDir, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const alertNames = [
  ...readFileSync(path.join(rulesDir, 'alerts.yml'), 'utf8').matchAll(/^\s+- alert: (\w+)$/gm),
].map((m) => m[1] ?? '');

describe('alert rules', () => {
  it('name every alert in docs/operations.md, beside its runbook line', () => {
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const table = operations.slice(operations.indexOf('## What to alert on'));
    expect(alertNames.length).toBeGreaterThanOrEqual(15);
    expect(alertNames.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });

  it('cover each row of the alert table with at least one alert', () => {
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const table = operations.slice(operations.indexOf('## What to alert on'));
    const rows = table
      .split('\n')
      .filter((line) => /^\| [^-s]/.test(line) && !line.startsWith('| signal'));
    expect(rows.length).toBeGreaterThanOrEqual(11);
    expect(rows.filter((row) => !alertNames.some((name) => row.includes(`\`${name}\``)))).toEqual(
      [],
    );
  });
});

describe.skipIf(!hasPromtool)(
  'promtool (skipped when absent: apt-get install -y prometheus; .ci/run installs it)',
  () => {
    it('check rules: alerts.yml is valid', () => {
      const { status, output } = run(['check', 'rules', 'alerts.yml']);
      expect(output).toMatch(/SUCCESS: \d+ rules found/);
      expect(status, output).toBe(0);
    }, 120_000);

    it('test rules: every alert fires on its synthetic series, and not on the quiet ones', () => {
      const { status, output } = run(['test', 'rules', 'alerts.test.yml']);
      expect(status, output).toBe(0);
      expect(output).toMatch(/SUCCESS/);
      const tested = readFileSync(path.join(rulesDir, 'alerts.test.yml'), 'utf8');
      expect(alertNames.filter((name) => !tested.includes(`alertname: ${name}`))).toEqual([]);
    }, 120_000);

    it("the Grafana dashboard's queries all parse", () => {
      const dashboard = JSON.parse(
        readFileSync(path.join(root, 'ops/grafana/studio.json'), 'utf8'),
      ) as { panels: { targets?: { expr: string }[] }[] };
      const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
      expect(exprs.length).toBeGreaterThan(20);
      // Grafana's variables as Prometheus would get them.
      const rules = exprs.map((expr, i) => ({
        record: `dashboard:query_${String(i)}`,
        expr: expr
          .replaceAll('$__rate_interval', '5m')
          .replaceAll('$api_job', 'studio-api')
          .replaceAll('$worker_job', 'studio-worker'),
      }));
      const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-dashboard-'));
      try {
        const file = path.join(dir, 'dashboard.rules.yml');
        // JSON is YAML: one group of recording rules, one per panel query.
        writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
        const { status, output } = run(['check', 'rules', file]);
        expect(status, output).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
