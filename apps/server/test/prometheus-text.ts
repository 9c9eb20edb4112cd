/*
 * A small reader of the Prometheus text exposition format (version 0.0.4), independent of
 * prom-client, for the metrics tests: every line must be a HELP, a TYPE or a well-formed sample,
 * or it throws. parse-prometheus-text-format checks the syntax too, but flattens labelled
 * histograms into one, so the values are read here.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Metric family name → type (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?[ \\t]+(\\S+)(?:[ \\t]+-?\\d+)?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;

function unescape(value: string) {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

function number(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  // Prometheus reads values with Go's ParseFloat, which takes NaN in any case (prom-client: "Nan").
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || Number.isNaN(value)) {
    throw new Error(`not a sample value: ${text}`);
  }
  return value;
}

export function readExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(
      line,
    );
    if (type?.[1] && type[2]) {
      if (types.has(type[1]))
        throw new Error(`line ${String(i + 1)}: a second TYPE for ${type[1]}`);
      types.set(type[1], type[2]);
      continue;
    }
    if (new RegExp(`^# HELP ${NAME} `).test(line) || line.startsWith('# HELP ')) continue;
    if (line.startsWith('#')) continue; // other comments are allowed
    const sample = SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) {
      throw new Error(`line ${String(i + 1)} is not a sample: ${line}`);
    }
    const labels: Record<string, string> = {};
    let rest = sample[2] ?? '';
    while (rest !== '') {
      const label = LABEL.exec(rest);
      if (!label?.[1] || label[2] === undefined) {
        throw new Error(`line ${String(i + 1)}: bad labels ${sample[2] ?? ''}`);
      }
      if (label[1] in labels) throw new Error(`line ${String(i + 1)}: label ${label[1]} twice`);
      labels[label[1]] = unescape(label[2]);
      rest = rest.slice(label[0].length);
    }
    let value: number;
    try {
      value = number(sample[3]);
    } catch (error) {
      throw new Error(`line ${String(i + 1)}: ${line}`, { cause: error });
    }
    samples.push({ name: sample[1], labels, value });
  }
  return { samples, types };
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function sumOf(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number {
  return exposition.samples
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
