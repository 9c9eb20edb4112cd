import { Clapperboard, Eraser, ZoomIn } from 'lucide-react';
import { CANVAS_TOOLS } from '@studio/contract/tools';
import type { CanvasTool } from '@/features/generations';
import { TOOL_LABELS } from '../lib/canvas-messages';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';

const icons: Record<CanvasTool, typeof Clapperboard> = {
  'video-generation': Clapperboard,
  upscaler: ZoomIn,
  'background-removal': Eraser,
};

const options: readonly RadioOption<CanvasTool>[] = CANVAS_TOOLS.map((tool) => {
  const Icon = icons[tool];
  return {
    value: tool,
    label: TOOL_LABELS[tool],
    icon: <Icon aria-hidden="true" className="size-5" />,
  };
});

/** Video Generation, Upscaler or Background Removal (document 2 §2 Canvas editor). */
export function ToolSelector({
  value,
  onChange,
  disabled = false,
}: {
  value: CanvasTool;
  onChange: (tool: CanvasTool) => void;
  /** While a Generate click is being checked, so the tool cannot change under it. */
  disabled?: boolean;
}) {
  return (
    <RadioGroup
      label="Tool"
      value={value}
      options={options}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
