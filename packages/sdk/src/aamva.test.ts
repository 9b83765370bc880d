import { describe, expect, it } from 'vitest';
import { LicenseBarcodeError, readLicenseBarcode } from './aamva.js';

// The example card of the AAMVA DL/ID Card Design Standard (2016), Annex D: header, two subfile
// designators (DL at offset 41, a jurisdiction's ZV), the DL subfile's elements.
const sample =
  '@\n\x1e\rANSI 636000100002DL00410278ZV03190008' +
  'DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\n' +
  'DBD06062016\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\n' +
  'DAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\n' +
  'DDB06062008\nDDC06062009\nDDD1\rZVZVA01\r';

describe('readLicenseBarcode', () => {
  it("reads the standard's example card into the registration's fields", () => {
    expect(readLicenseBarcode(sample)).toEqual({
      customer_id: 'T64235789',
      first_name: 'MICHAEL',
      middle_name: 'JOHN',
      last_name: 'SAMPLE',
      suffix: 'JUNIOR',
      date_of_birth: '1986-06-06',
      issue_date: '2016-06-06',
      expiration_date: '2024-12-10',
      gender: 'MALE',
      eye_color: 'BROWN',
      height: 68,
      street_address: '2300 WEST BROAD STREET',
      city: 'RICHMOND',
      state: 'VA',
      postal_code: '232690000',
      country: 'UNITED_STATES',
      document_id: '2424244747474786102204',
      last_name_truncation: 'NONE',
      first_name_truncation: 'NONE',
      middle_name_truncation: 'NONE',
      inventory_control_number: '123456789',
    });
  });

  it("reads a Canadian card's dates as CCYYMMDD and its height in centimetres as inches", () => {
    const card =
      '@\n\x1e\rANSI 636012090001ID00310090' +
      'IDDAQK1234-56789\nDCSMARTIN\nDACCLAIRE\nDBB19900315\nDBA20300315\nDBC2\nDAU165 cm\nDCGCAN\nDAZBLN\r';
    expect(readLicenseBarcode(card)).toMatchObject({
      customer_id: 'K1234-56789',
      date_of_birth: '1990-03-15',
      expiration_date: '2030-03-15',
      gender: 'FEMALE',
      height: 65,
      country: 'CANADA',
      hair_color: 'BLOND',
    });
  });

  it("finds the subfile when a scanner dropped the header's first characters (offsets off)", () => {
    expect(readLicenseBarcode(sample.slice(4))).toEqual(readLicenseBarcode(sample));
  });

  it('leaves out what the registration cannot take: an unknown code, an impossible date form', () => {
    const card = sample.replace('DAYBRO', 'DAYXYZ').replace('DBB06061986', 'DBB1986-06-06');
    const fields = readLicenseBarcode(card);
    expect(fields.eye_color).toBeUndefined();
    expect(fields.date_of_birth).toBeUndefined();
  });

  it.each([
    ['an enrollment link', 'https://svc.example/enroll#abc'],
    ['no license number', sample.replace('DAQT64235789\n', '')],
    ['a header without a DL or ID subfile', '@\n\x1e\rANSI 636000100001ZV00310008ZVZVA01\r'],
    ['more than a barcode holds', sample + 'x'.repeat(4096)],
  ])('refuses %s with a LicenseBarcodeError', (_, text) => {
    expect(() => readLicenseBarcode(text)).toThrow(LicenseBarcodeError);
  });
});
