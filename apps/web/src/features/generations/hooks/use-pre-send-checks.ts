import { useEffect, useRef, useState } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import {
  requiredPlansForTool,
  TOOL_DEFINITIONS,
  type EstimateFeature,
  type GenerationType,
} from '@studio/contract/tools';
import { subscriptionStatusQueryOptions, getPlanFamily } from '@/features/billing';
import { estimateQueryOptions, type EstimatePayload } from '../api/credit-estimate';
import { checkBeforeSend, type PreSendFacts } from '../lib/pre-send-checks';
import type { GenerationRun } from './use-generation-run';

/** An estimate younger than this is trusted at the click; older ones are asked for again. */
const ESTIMATE_FRESH_MS = 10_000;

export interface PreSendRequest {
  userId: string | null;
  noImageMessage: string;
  /** The tool's own objection to the form, or null ('Please select at least one template'). */
  problem: string | null;
  /** The tool being generated: its plan rule and name come from the contract's tool list. */
  tool: GenerationType;
  estimate: { feature: EstimateFeature; payload: EstimatePayload };
}

/** Which input a check message was about: none, a local preview still uploading, or a stored one. */
const imageKey = (image: PreSendFacts['image']): string =>
  image === null ? 'none' : (image.url ?? 'uploading');

/**
 * Every tool's Generate click (document 2 §4, §5): the checks in the spec's order, reading the
 * plan and the price only when the check gets that far, then `send`. Nothing is sent when a check
 * fails: a message shows, or the upgrade or insufficient-credits dialog opens. The server repeats
 * the plan and credit checks anyway (402/403 open the same dialogs).
 */
export function usePreSendChecks(
  run: Pick<GenerationRun, 'openDialog'>,
  /** The page's input image now (`url` null while only its local preview exists). */
  image: PreSendFacts['image'],
) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  // The message and the image it was about: a message is about the form at the click, so a new
  // or finished upload ('Please upload an image first', 'Please wait for the image to finish
  // uploading…') makes it stale, and it goes without each page having to clear it.
  const [said, setSaid] = useState<{ message: string; image: string } | null>(null);
  const imageNow = imageKey(image);
  const checkMessage = said !== null && said.image === imageNow ? said.message : null;
  // A second click in the same frame still sees `checking` false: the ref is set at once.
  const busy = useRef(false);
  // The checks await the plan and the price; the image may be replaced meanwhile (a drop, 'Use
  // as input'): the checks and the price were for the old one, so nothing is sent then.
  const latestImage = useRef(image);
  useEffect(() => {
    latestImage.current = image;
  }, [image]);

  // Offline, a read would wait for the connection with nothing said: what was last read is used
  // instead (the server checks plan and balance again), so the run starts and its progress says
  // it waits for the connection (ADR 024).
  const offline = () => !onlineManager.isOnline();

  const readPlan = async (userId: string): Promise<PreSendFacts['plan']> => {
    try {
      const options = subscriptionStatusQueryOptions(userId);
      const status =
        (offline() ? queryClient.getQueryData(options.queryKey) : undefined) ??
        (await queryClient.query(options));
      return getPlanFamily(status.type);
    } catch {
      return 'error';
    }
  };

  const readEstimate = async (
    userId: string,
    { feature, payload }: PreSendRequest['estimate'],
  ): Promise<PreSendFacts['estimate']> => {
    const options = estimateQueryOptions(userId, feature, payload);
    if (offline()) return queryClient.getQueryData(options.queryKey) ?? 'unavailable';
    try {
      return await queryClient.query({ ...options, staleTime: ESTIMATE_FRESH_MS });
    } catch {
      // The estimator being down must not block a paying user: the server checks the balance.
      return 'unavailable';
    }
  };

  /**
   * Runs the checks; `send` is called with the checked image's URL only when all pass and the
   * image is still the one checked (it reads the page's other settings as they are now).
   */
  const check = async (
    request: PreSendRequest,
    send: (imageUrl: string, userId: string) => void,
  ): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setSaid(null);
    const { userId } = request;
    const checkedUrl = image?.url ?? null;
    const facts: PreSendFacts = {
      image,
      noImageMessage: request.noImageMessage,
      problem: request.problem,
      userId,
      requiresPlan: requiredPlansForTool(request.tool),
      plan: 'unknown',
      estimate: 'unknown',
    };
    setChecking(true);
    try {
      // Each pass either ends or learns one missing fact (plan, then price): at most three.
      for (let pass = 0; pass < 3; pass += 1) {
        const result = checkBeforeSend(facts);
        switch (result.kind) {
          case 'need-plan':
            if (userId !== null) facts.plan = await readPlan(userId);
            continue;
          case 'need-estimate':
            facts.estimate =
              userId !== null ? await readEstimate(userId, request.estimate) : 'unavailable';
            continue;
          case 'message':
            setSaid({ message: result.message, image: imageKey(image) });
            return;
          case 'upgrade':
            run.openDialog({
              kind: 'upgrade',
              requiresPlan: result.requiresPlan,
              feature: TOOL_DEFINITIONS[request.tool].label,
            });
            return;
          case 'insufficient-credits':
            run.openDialog({
              kind: 'insufficient-credits',
              required: result.required,
              available: result.available,
            });
            return;
          case 'ok':
            if (userId === null || checkedUrl === null) return;
            if ((latestImage.current?.url ?? null) !== checkedUrl) return;
            send(checkedUrl, userId);
            return;
        }
      }
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  return {
    check,
    checking,
    checkMessage,
    clearCheckMessage: () => {
      setSaid(null);
    },
  };
}
