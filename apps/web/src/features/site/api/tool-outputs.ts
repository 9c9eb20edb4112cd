import { useQuery } from '@tanstack/react-query';
import {
  GENERATION_TYPES,
  type GenerationType,
  type SiteInfoResponse,
  type ToolOutput,
} from '@studio/contract';
import { siteInfoQueryOptions } from './site-info';

// What this studio really makes with each tool (ADR 048), read from site-info: one answer, loaded
// once a visit, for the login hero, the dashboard, plan cards, tool pages and result actions.

const outputOf = (info: SiteInfoResponse, type: GenerationType): ToolOutput | undefined =>
  info.tools.find((entry) => entry.type === type)?.output;

/** The tool's output here; undefined until known, so a screen claims nothing either way. */
export function useToolOutput(type: GenerationType): ToolOutput | undefined {
  return useQuery({ ...siteInfoQueryOptions, select: (info) => outputOf(info, type) }).data;
}

/** Whether a result of this tool is a labelled preview: it is offered no paid follow-up. */
export function useIsPreviewTool(type: GenerationType): boolean {
  return useToolOutput(type) === 'preview';
}

/** Those of `among` (every tool by default) this studio only previews, in the contract's order. */
export function usePreviewTools(
  among: readonly GenerationType[] = GENERATION_TYPES,
): GenerationType[] {
  const { data } = useQuery({
    ...siteInfoQueryOptions,
    select: (info) => among.filter((type) => outputOf(info, type) === 'preview'),
  });
  return data ?? [];
}
