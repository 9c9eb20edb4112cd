import { describe, expect, it } from 'vitest';
import { csvField, manifestCsv, verdictsOf } from './manifest';

describe('manifest.csv', () => {
  it('quotes as RFC 4180 says: commas, quotes and line breaks, quotes doubled', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('leads what a spreadsheet would run as a formula with an apostrophe, but not a lone dash', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-')).toBe('-');
  });

  it('writes one row per file, every rule of the slot as pass or fail and the others as -', () => {
    const verdicts = verdictsOf([
      {
        rule: 'background',
        level: 'required',
        passed: false,
        actual: '',
        required: '',
        fixable: true,
        message: '',
      },
      {
        rule: 'file-size',
        level: 'required',
        passed: true,
        actual: '',
        required: '',
        fixable: true,
        message: '',
      },
      {
        rule: 'something-else',
        level: 'required',
        passed: true,
        actual: '',
        required: '',
        fixable: false,
        message: '',
      },
    ]);
    const csv = manifestCsv([
      {
        name: 'SKU, "A".MAIN.jpg',
        mediaId: 'm',
        sku: 'SKU, "A"',
        slot: 'main',
        width: 1200,
        height: 1600,
        compliant: false,
        verdicts,
        notChecked: ['no-text', 'on-model'],
        fixedBy: null,
      },
    ]);
    expect(csv).toBe(
      'sku,slot,file,width,height,compliant,background,fill,aspect,pixels,format,colour,file-size,not_checked\r\n' +
        '"SKU, ""A""",main,"SKU, ""A"".MAIN.jpg",1200,1600,no,fail,-,-,-,-,-,pass,no-text; on-model\r\n',
    );
  });
});
