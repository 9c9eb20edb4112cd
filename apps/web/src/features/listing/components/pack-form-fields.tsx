import { useState, type SubmitEvent } from 'react';
import { Package } from 'lucide-react';
import { MARKETPLACE_IDS, marketplace, type MarketplaceId } from '@studio/contract/listing';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup } from '@/components/ui/radio-group';
import { focusFirstInvalid } from '@/lib/form-fields';
import {
  packProblems,
  rowFiles,
  SKU_MAX,
  skuField,
  type FixChoice,
  type PackSource,
  type PackValues,
} from '../lib/pack-form';

const FIX_OPTIONS = [
  { value: 'fix', label: 'Fix non-compliant images first (1 credit each)' },
  { value: 'as-is', label: 'Include them as they are' },
] as const satisfies readonly { value: FixChoice; label: string }[];

interface PackFormFieldsProps {
  source: PackSource;
  values: PackValues;
  onChange: (values: PackValues) => void;
  onSubmit: () => void;
}

/** The pack's choices (ADR 056's pattern): marketplace, a SKU per listing, fix or not; Create. */
export function PackFormFields({ source, values, onChange, onSubmit }: PackFormFieldsProps) {
  const [submitted, setSubmitted] = useState(false);
  const problems = submitted ? packProblems(values, source) : {};
  const rows =
    source.kind === 'items' ? source.items.map((i) => i.label) : source.garments.map((g) => g.name);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, packProblems(values, source))) return;
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Listing pack" className="flex flex-col gap-4">
      <Field label="Marketplace">
        {(control) => (
          <NativeSelect
            {...control}
            className="w-full sm:w-64"
            value={values.marketplace}
            onChange={(event) => {
              onChange({ ...values, marketplace: event.target.value as MarketplaceId });
            }}
          >
            {MARKETPLACE_IDS.map((id) => (
              <option key={id} value={id}>
                {marketplace(id).name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">
          {
            {
              batch: 'A SKU per garment',
              colourways: 'A SKU per colour',
              items: 'A SKU per image',
            }[source.kind]
          }
        </legend>
        <p className="text-xs text-muted-foreground">
          {
            {
              batch: 'Each garment is one listing: its first photo is the main image.',
              colourways:
                'Each colour is one listing (a variant of the product): its image is the main image.',
              items: 'Images with the same SKU form one listing, the first of them its main image.',
            }[source.kind]
          }{' '}
          {marketplace(values.marketplace).naming.note}
        </p>
        {rows.map((label, index) => {
          const files = rowFiles(values, source, index);
          return (
            <Field
              key={`${label}-${String(index)}`}
              label={`SKU for ${label}`}
              error={problems[skuField(index)]}
              hint={files.length > 0 ? `In the pack: ${files.join(', ')}` : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  name={skuField(index)}
                  maxLength={SKU_MAX + 16}
                  autoComplete="off"
                  spellCheck={false}
                  value={values.skus[index] ?? ''}
                  onChange={(event) => {
                    const skus = [...values.skus];
                    skus[index] = event.target.value;
                    onChange({ ...values, skus });
                  }}
                />
              )}
            </Field>
          );
        })}
      </fieldset>
      <RadioGroup
        label="Images that fail a rule"
        value={values.fix}
        options={FIX_OPTIONS}
        onChange={(fix) => {
          onChange({ ...values, fix });
        }}
      />
      <Button type="submit" className="self-start">
        <Package aria-hidden="true" />
        Create pack
      </Button>
    </form>
  );
}
