import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup } from '@/components/ui/radio-group';
import {
  ASPECT_RATIO_LABELS,
  ASPECT_RATIO_LIST,
  CLOTH_TYPE_LIST,
  optionLabel,
  CUSTOM_CLOTH_TYPE_MAX,
  PALETTE_NAMES,
  PALETTES,
  THEME_LIST,
  VARIATIONS,
  type DesignerSettings,
} from '../lib/designer-request';
import { oneOf } from '@/lib/guards';

interface DesignChoicesProps {
  settings: DesignerSettings;
  onChange: (patch: Partial<DesignerSettings>) => void;
  disabled: boolean;
}

/** The listed garments, after 'Auto detect' and 'Custom' (which lead the list as the spec has them). */
const garments = CLOTH_TYPE_LIST.filter((type) => type !== 'auto' && type !== 'custom');
const aspectOptions = ASPECT_RATIO_LIST.map((value) => ({
  value,
  label: ASPECT_RATIO_LABELS[value],
}));
const variationOptions = VARIATIONS.map((value) => ({ value, label: value }));

/** Cloth type, with the text field a custom type needs (document 2 §3, §5). */
function ClothTypeField({ settings, onChange, disabled }: DesignChoicesProps) {
  return (
    <>
      <Field label="Cloth type">
        {(control) => (
          <NativeSelect
            {...control}
            value={settings.clothType}
            disabled={disabled}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (oneOf(CLOTH_TYPE_LIST, next)) onChange({ clothType: next });
            }}
          >
            <option value="auto">{optionLabel('auto')}</option>
            <option value="custom">{optionLabel('custom')}</option>
            <optgroup label="Garments">
              {garments.map((type) => (
                <option key={type} value={type}>
                  {optionLabel(type)}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        )}
      </Field>
      {settings.clothType === 'custom' ? (
        <Field label="Custom cloth type" hint="Name the garment, e.g. 'Angrakha' or 'Trench coat'.">
          {(control) => (
            <Input
              {...control}
              value={settings.customClothType}
              disabled={disabled}
              maxLength={CUSTOM_CLOTH_TYPE_MAX}
              autoComplete="off"
              onChange={(event) => {
                onChange({ customClothType: event.currentTarget.value });
              }}
            />
          )}
        </Field>
      ) : null}
    </>
  );
}

/** The palette choice and, beside it, the colours it recolours with. */
function PaletteField({ settings, onChange, disabled }: DesignChoicesProps) {
  const swatches: readonly string[] = PALETTES[settings.colorPalette].swatches;
  return (
    <Field
      label="Colour palette"
      hint={
        swatches.length === 0 ? (
          'New colours chosen to suit the garment.'
        ) : (
          <span className="flex items-center gap-2">
            <span aria-hidden="true" className="flex">
              {swatches.map((colour) => (
                <span
                  key={colour}
                  className="-ml-1 size-4 rounded-full border border-surface first:ml-0"
                  style={{ backgroundColor: colour }}
                />
              ))}
            </span>
            {`${String(swatches.length)} colours, one for each colour of the garment.`}
          </span>
        )
      }
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={settings.colorPalette}
          disabled={disabled}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (oneOf(PALETTE_NAMES, next)) onChange({ colorPalette: next });
          }}
        >
          {PALETTE_NAMES.map((name) => (
            <option key={name} value={name}>
              {PALETTES[name].label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * The AI designer's own choices (document 2 §2, §3): cloth type (custom with its text), design
 * theme, colour palette, aspect ratio and variations. Native controls, so keyboards, screen
 * readers and phones get their platform's widgets.
 */
export function DesignChoices(props: DesignChoicesProps) {
  const { settings, onChange, disabled } = props;
  return (
    <>
      <ClothTypeField {...props} />
      <Field label="Design theme">
        {(control) => (
          <NativeSelect
            {...control}
            value={settings.designTheme}
            disabled={disabled}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (oneOf(THEME_LIST, next)) onChange({ designTheme: next });
            }}
          >
            {THEME_LIST.map((theme) => (
              <option key={theme} value={theme}>
                {optionLabel(theme)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <PaletteField {...props} />
      <RadioGroup
        label="Aspect ratio"
        appearance="segments"
        value={settings.aspectRatio}
        options={aspectOptions}
        disabled={disabled}
        onChange={(aspectRatio) => {
          onChange({ aspectRatio });
        }}
      />
      <RadioGroup
        label="Variations"
        appearance="segments"
        value={settings.variations}
        options={variationOptions}
        disabled={disabled}
        onChange={(variations) => {
          onChange({ variations });
        }}
      />
    </>
  );
}
