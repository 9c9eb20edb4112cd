import type { TemplateItem } from '@studio/contract';
import { MAX_TEMPLATES_PER_RUN, RANDOM_TEMPLATE_ID } from '@studio/contract/tools';

/** A model template as the screens use it (document 2 §3 Template, client form). */
export interface ModelTemplate {
  id: string;
  name: string;
  /** Null for the built-in random entry, which has no picture of its own. */
  imageUrl: string | null;
  description: string;
  category: string;
  prompt: string;
}

/** The built-in 'random' entry (auto select): the server picks a live template for it. */
export const RANDOM_TEMPLATE: ModelTemplate = {
  id: RANDOM_TEMPLATE_ID,
  name: 'Random',
  imageUrl: null,
  description: 'We pick a model for you',
  category: 'Auto select',
  prompt: '',
};

export { MAX_TEMPLATES_PER_RUN, RANDOM_TEMPLATE_ID };

/** Numeric ids in number order ('2' before '10'); anything else after them, alphabetically. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  const xNumeric = a.trim() !== '' && Number.isFinite(x);
  const yNumeric = b.trim() !== '' && Number.isFinite(y);
  if (xNumeric && yNumeric) return x - y;
  if (xNumeric !== yNumeric) return xNumeric ? -1 : 1;
  return a.localeCompare(b);
}

/** The grid's list (document 2 §3): the random entry first, the rest sorted numerically by id. */
export function toTemplateList(items: readonly TemplateItem[] | undefined): ModelTemplate[] {
  const templates = (items ?? [])
    .filter((item) => item.templateId !== RANDOM_TEMPLATE_ID)
    .map((item) => ({
      id: item.templateId,
      name: item.templateName,
      imageUrl: item.templateUrl,
      description: item.templateDescription,
      category: item.category || 'General',
      prompt: item.prompt,
    }))
    .sort((a, b) => compareIds(a.id, b.id));
  return [RANDOM_TEMPLATE, ...templates];
}

/**
 * Template selection (document 2 §4): choosing a chosen one removes it; a new one is added
 * unless the run already has the most templates it takes (`max`).
 */
export function toggleTemplate(
  selected: readonly ModelTemplate[],
  template: ModelTemplate,
  max = MAX_TEMPLATES_PER_RUN,
): ModelTemplate[] {
  if (selected.some((t) => t.id === template.id))
    return selected.filter((t) => t.id !== template.id);
  if (selected.length >= max) return [...selected];
  return [...selected, template];
}

/** The realistic try-on payload's `template` list (document 2 §7). */
export function templatePayload(selected: readonly ModelTemplate[]) {
  return selected.map((t) =>
    t.imageUrl === null
      ? { templateId: t.id, prompt: t.prompt }
      : { templateId: t.id, templateUrl: t.imageUrl, prompt: t.prompt },
  );
}
