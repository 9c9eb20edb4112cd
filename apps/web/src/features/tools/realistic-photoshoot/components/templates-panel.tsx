import { RadioGroup } from '@/components/ui/radio-group';
import {
  TemplatePicker,
  ToolPanel,
  toggleTemplate,
  type ModelTemplate,
  type useModelTemplates,
} from '@/features/generations';
import { getErrorMessage } from '@/lib/api-client';

const genderOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male', hint: 'Coming Soon', disabled: true },
] as const;

/** Female models (male is 'Coming Soon') and the model templates, one photo each. */
export function TemplatesPanel({
  query,
  templates,
  chosen,
  onChoose,
  disabled,
}: {
  query: ReturnType<typeof useModelTemplates>;
  templates: readonly ModelTemplate[];
  chosen: readonly ModelTemplate[];
  onChoose: (chosen: ModelTemplate[]) => void;
  disabled: boolean;
}) {
  return (
    <ToolPanel title="Templates">
      <RadioGroup
        label="Gender"
        appearance="segments"
        value="female"
        options={genderOptions}
        onChange={() => undefined}
      />
      <TemplatePicker
        templates={templates}
        selected={chosen}
        onToggle={(template) => {
          onChoose(toggleTemplate(chosen, template));
        }}
        loading={query.isPending}
        error={query.isError ? getErrorMessage(query.error) || 'Failed to load templates' : null}
        disabled={disabled}
      />
    </ToolPanel>
  );
}
