import type { LegalDocument } from '@studio/contract';

/*
 * The built-in privacy policy and terms: what this studio really does with data and credits
 * (ADRs 009, 011, 012), written for an operator to adopt or replace (PRIVACY_POLICY_FILE,
 * TERMS_FILE). `{supportEmail}` is filled in from the configuration.
 */

const UPDATED = '24 November 2026';

export const DEFAULT_PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  updated: UPDATED,
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'AI Product Studio is a web studio where sellers and designers turn photos of clothing and products into on-model, studio and lifestyle images and short videos. This policy explains what we keep about you, why, and how to have it deleted.',
      ],
    },
    {
      heading: 'What we keep about your account',
      paragraphs: [
        'Your name, email address and, if you add them, company name and phone number. If you sign in with Google we receive your name, email address and profile picture from Google; we never see your Google password. If you sign in with email, we store only a salted, slow hash of your password.',
        'The date you joined, when you last signed in, your plan, and a ledger of your credits: every grant, purchase, spend and refund.',
      ],
    },
    {
      heading: 'Your uploads',
      paragraphs: [
        'Photos you upload are checked, re-encoded and stored under a random identifier. Hidden metadata such as camera details and GPS location is removed before anything is stored.',
        'We use your uploads only to make the images and videos you ask for. When a generation runs on an external AI provider, the images it needs are sent to that provider for that job only. We do not sell your uploads or use them to train models.',
      ],
    },
    {
      heading: 'Generated images and videos',
      paragraphs: [
        'Every result is copied into our own storage at once and kept in your gallery, with the prompt, style and settings you chose, until you delete it with your account.',
        'Media links are long random addresses that are not listed anywhere. Anyone you send a link to can open that file, so share links only with people you trust.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Payments are handled by Stripe (US dollars) and Razorpay (Indian rupees). Card and bank details go straight to them; we never see or store them. We keep the order number, plan, amount, currency, status and date, which we need for your credit history, refunds and tax records.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'We set one cookie that keeps you signed in. We use no advertising or cross-site tracking cookies. We record which pages of the studio you open (for example a gallery page and its filter) to improve the product; this stays with us.',
      ],
    },
    {
      heading: 'Deleting your data',
      paragraphs: [
        'Delete Account in Account Settings erases your account, profile, sessions, uploads and generated images and videos at once. Records of payments are kept for as long as tax law requires, without your uploads or results.',
        'You can ask for a copy of your data or a correction at any time by writing to {supportEmail}.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about this policy: {supportEmail}.'],
    },
  ],
};

export const DEFAULT_TERMS: LegalDocument = {
  title: 'Terms of Service',
  // Renewal and plan changes said as the subscription page says them (ADR 050).
  updated: '27 November 2026',
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'AI Product Studio generates fashion and product images and videos from the photos and instructions you give it. By creating an account or using the studio you accept these terms.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your sign-in details to yourself; you are responsible for what is done with your account. Tell us at {supportEmail} if you think someone else has used it.',
      ],
    },
    {
      heading: 'Credits',
      paragraphs: [
        'Each generation costs the number of credits shown before you start it. New accounts receive 5 free credits once. Plan credits arrive every 30 days while the plan lasts and expire at the end of that cycle; top-up credits never expire. Credits have no cash value and cannot be transferred.',
      ],
    },
    {
      heading: 'Failed generations and refunds',
      paragraphs: [
        'Credits are set aside when a generation starts and spent only when it succeeds. If a generation fails, times out or is cancelled, its credits are returned automatically and in full, and the refund is listed in your credit history.',
        'Plans are prepaid for their period and do not renew on their own: nothing is charged when a period ends. To keep a plan, buy it again; the new period is added to the end of the current one. Buying a higher plan starts it at once, and the studio shows what happens to your current plan, its credits and the amount before you pay. If you were charged and your credits did not arrive, or a payment went through twice, write to {supportEmail} and we will refund the charge or add the credits. Credits already spent are not refundable unless the law where you live says otherwise.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Upload only images you own or have permission to use, and images of real people only with their consent.',
        'Do not use the studio to create sexual content involving minors, sexual or nude images of real people, content that harasses or impersonates someone, deceptive product claims, or anything illegal where you or we operate. Do not try to overload, scrape or break into the service or other accounts.',
        'We may remove content and suspend accounts that break these rules; unused purchased credits of a suspended account are refunded unless the account was used for fraud.',
      ],
    },
    {
      heading: 'Your content and results',
      paragraphs: [
        'You keep your rights in what you upload. As far as the law allows, the images and videos you generate are yours to use, including commercially. You let us store and process your uploads and results only to run the studio for you.',
        'AI results can contain mistakes in colour, pattern, fit or detail, and previews made without an AI model are labelled as previews. Check results before you publish or sell with them.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We may update these terms; the date above shows the current version, and important changes are announced in the studio. Questions: {supportEmail}.',
      ],
    },
  ],
};
