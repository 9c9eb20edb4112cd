import { UPSCALE_FACTORS, type UpscaleFactor } from '@studio/contract/tools';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';

const details: Record<UpscaleFactor, { label: string; hint: string }> = {
  '2x': { label: '2x', hint: 'HD' },
  '4x': { label: '4x', hint: 'Sharper' },
  '4k': { label: '4K', hint: 'Print' },
};

const options: readonly RadioOption<UpscaleFactor>[] = UPSCALE_FACTORS.map((factor) => ({
  value: factor,
  ...details[factor],
}));

/** How much the upscaler enlarges: 2x (the default, HD), 4x, or to 4K. */
export function UpscaleFactorSelect({
  value,
  onChange,
}: {
  value: UpscaleFactor;
  onChange: (factor: UpscaleFactor) => void;
}) {
  return <RadioGroup label="Upscale factor" value={value} options={options} onChange={onChange} />;
}
