import { useState, type SubmitEvent } from 'react';
import { GST_STATE_CODES, GST_STATES, gstinProblem, type UserProfile } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { notify } from '@/components/ui/toast';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

/**
 * What receipts print for the buyer besides the company name (ADR 051): a GSTIN, checked here as
 * the server checks it, and for an unregistered buyer the state, which decides CGST/SGST or IGST.
 */
export function ReceiptDetailsCard({ profile }: { profile: UserProfile }) {
  const [gstin, setGstin] = useState(profile.gstin ?? '');
  const [gstState, setGstState] = useState(profile.gstState ?? '');
  const [touched, setTouched] = useState(false);
  const update = useUpdateProfile();
  const typed = gstin.trim().toUpperCase();
  const problem = typed === '' ? null : gstinProblem(typed);
  // A GSTIN names its state: the select follows it.
  const state = problem === null && typed !== '' ? typed.slice(0, 2) : gstState;
  const changed = typed !== (profile.gstin ?? '') || state !== (profile.gstState ?? '');

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem || !changed) return;
    update.mutate(
      { gstin: typed, gstState: state },
      {
        onSuccess: () => {
          notify.success('Receipt details saved');
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Receipt Details</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
          <Field
            label="GSTIN"
            hint="Optional: printed on your receipts for input tax credit"
            error={touched || typed.length >= 15 ? problem : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name="gstin"
                autoComplete="off"
                maxLength={15}
                className="uppercase"
                value={gstin}
                onChange={(event) => {
                  setGstin(event.target.value);
                }}
                onBlur={() => {
                  setTouched(true);
                }}
              />
            )}
          </Field>
          <Field label="State" hint="Where you buy from: decides CGST + SGST or IGST">
            {(control) => (
              <NativeSelect
                {...control}
                name="gstState"
                className="w-full"
                value={state}
                disabled={problem === null && typed !== ''}
                onChange={(event) => {
                  setGstState(event.target.value);
                }}
              >
                <option value="">Not given</option>
                {GST_STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {GST_STATES[code]} ({code})
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {update.isError ? (
            <Alert variant="destructive" role="alert" className="sm:col-span-2">
              {getErrorMessage(update.error)}
            </Alert>
          ) : null}
          <div className="sm:col-span-2">
            <Button
              type="submit"
              disabled={!changed || problem !== null || update.isPending}
              loading={update.isPending}
            >
              Save Receipt Details
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
