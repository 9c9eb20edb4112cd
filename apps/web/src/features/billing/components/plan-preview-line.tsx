import { previewToolsLine, usePreviewTools } from '@/features/site';
import { toolsOfPlan, type BenefitPlan } from '../lib/plan-benefits';

/**
 * Under a plan card's list: which of the plan's tools this studio only previews (ADR 048), so
 * nobody pays for a plan expecting real try-ons the installation cannot make. Nothing when all
 * of them are real.
 */
export function PlanPreviewLine({ plan }: { plan: BenefitPlan }) {
  const line = previewToolsLine(usePreviewTools(toolsOfPlan(plan)));
  if (line === null) return null;
  return <p className="text-xs text-muted-foreground">{line}</p>;
}
