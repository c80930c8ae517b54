import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedFile, validateSeed } from '../src/validate.js';
import { isValidNip } from '../../functions/src/domain/identifiers.js';
import { bankAccountSchema } from '../../functions/src/domain/schemas.js';
import { ROOT } from './emulators.js';

const EXAMPLE = path.join(ROOT, 'seed', 'event.example.json');
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8'));

describe('the example event', () => {
  it('is valid and complete', async () => {
    const result = await loadSeedFile(EXAMPLE);
    if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
    const seed = result.data;
    expect(seed.event.name).toBe('Zlot Morski 2027');
    expect(Object.keys(seed.countries)).toHaveLength(249);
    expect(seed.countries.PL).toBe('Polska');
    expect(seed.countries.DE).toBe('Niemcy');
    expect(Object.values(seed.ticketTypes).every((t) => t.vatRate === 8)).toBe(true);
    expect(Object.values(seed.products).every((p) => p.vatRate === 23)).toBe(true);
    expect(Object.keys(seed.products['koszulka-baltyk'].variants)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(Object.keys(seed.products['bluza-sztorm'].variants)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
  });

  it('stores the bank account as 26 digits and carries a valid NIP and IBAN checksum', async () => {
    const result = await loadSeedFile(EXAMPLE);
    if (!result.ok) throw new Error('invalid');
    expect(result.data.event.seller.bankAccount).toMatch(/^\d{26}$/);
    expect(isValidBankAccount(result.data.event.seller.bankAccount)).toBe(true);
    expect(isValidNip(result.data.event.seller.nip)).toBe(true);
  });
});

const isValidBankAccount = (input: string) => bankAccountSchema.safeParse(input).success;

describe('checksums', () => {
  it('NIP: a wrong check digit and the "10" remainder are refused', () => {
    expect(isValidNip('8392017464')).toBe(true);
    expect(isValidNip('839-201-74-64')).toBe(true);
    expect(isValidNip('8392017465')).toBe(false);
    expect(isValidNip('123456789')).toBe(false);
  });
  it('IBAN: one changed digit breaks the checksum', () => {
    expect(isValidBankAccount('PL22 1020 4795 0000 1234 5678 9012')).toBe(true);
    expect(isValidBankAccount('22 1020 4795 0000 1234 5678 9013')).toBe(false);
    expect(isValidBankAccount('2210204795')).toBe(false);
  });
});

describe('a broken file', () => {
  it('reports every problem at once, each with its JSON path, in Polish', () => {
    const file = example();
    file.event.name = '';
    file.event.endDate = '2027-07-01';
    file.event.seller.nip = '1234567890';
    file.event.seller.bankAccount = '22 1020 4795 0000 1234 5678 9013';
    file.event.seller.postalCode = '76270';
    file.event.sponsor = 'X';
    file.countries.pl = 'Polska';
    file.ticketTypes['karnet 3'] = { ...file.ticketTypes['karnet-3-dniowy'], priceGrosze: 189.5 };
    file.ticketTypes['bilet-jednodniowy'].vatRate = 7;
    file.ticketTypes['bilet-jednodniowy'].quota = -1;
    file.ticketTypes['bilet-dzieciecy'].active = 'tak';
    file.ticketTypes['karnet-3-dniowy'].saleStart = '2027-08-01T00:00:00+02:00';
    file.products['kubek-latarnia'].variants = {};
    file.products['koszulka-baltyk'].variants.M.stock = '80';
    file.products['koszulka-baltyk'].variants['X L'] = { label: 'XL', stock: 1, sortOrder: 1 };
    file.products['bluza-sztorm'].name = 'x'.repeat(121);
    delete file.products['bluza-sztorm'].priceGrosze;
    const result = validateSeed(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { path: 'countries.pl', message: 'Kod kraju to dwie wielkie litery (ISO 3166-1)' },
      { path: 'event.endDate', message: 'Data końca przed datą początku' },
      { path: 'event.name', message: 'Podaj nazwę wydarzenia' },
      {
        path: 'event.seller.bankAccount',
        message: 'Nieprawidłowy numer konta (26 cyfr z sumą kontrolną IBAN)',
      },
      { path: 'event.seller.nip', message: 'Nieprawidłowy NIP (10 cyfr z sumą kontrolną)' },
      { path: 'event.seller.postalCode', message: 'Nieprawidłowy kod pocztowy (00-000)' },
      { path: 'event.sponsor', message: 'Nieznane pole „sponsor”' },
      { path: 'products.bluza-sztorm.name', message: 'Najwyżej 120 znaków' },
      { path: 'products.bluza-sztorm.priceGrosze', message: 'Podaj cenę (liczba całkowita groszy)' },
      { path: 'products.koszulka-baltyk.variants.M.stock', message: 'Podaj stan magazynu (liczba całkowita od 0)' },
      {
        path: 'products.koszulka-baltyk.variants.X L',
        message: 'Nieprawidłowy identyfikator wariantu (litery, cyfry, - i _, do 64 znaków)',
      },
      { path: 'products.kubek-latarnia.variants', message: 'Produkt musi mieć co najmniej jeden wariant' },
      { path: 'ticketTypes.bilet-dzieciecy.active', message: 'Nieprawidłowa wartość (true albo false)' },
      { path: 'ticketTypes.bilet-jednodniowy.quota', message: 'Pula nie może być ujemna (liczba całkowita od 0)' },
      { path: 'ticketTypes.bilet-jednodniowy.vatRate', message: 'Nieprawidłowa stawka VAT (jedna z: 23, 8, 5, 0)' },
      {
        path: 'ticketTypes.karnet 3',
        message: 'Nieprawidłowy identyfikator biletu (litery, cyfry, - i _, do 64 znaków)',
      },
      { path: 'ticketTypes.karnet 3.priceGrosze', message: 'Podaj cenę (liczba całkowita groszy)' },
      { path: 'ticketTypes.karnet-3-dniowy.saleEnd', message: 'Koniec sprzedaży przed jej początkiem' },
    ]);
  });

  it('names missing sections and a missing Poland', () => {
    const result = validateSeed({ event: example().event, countries: { DE: 'Niemcy' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { path: 'countries', message: 'Lista krajów musi zawierać Polskę (PL)' },
      { path: 'ticketTypes', message: 'Podaj rodzaje biletów' },
    ]);
  });

  it('is not JSON: the line and column of the mistake are given', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-validate-'));
    const file = path.join(dir, 'zly.json');
    writeFileSync(file, '{\n  "event": {\n    "name": "Zlot",,\n  }\n}\n');
    const result = await loadSeedFile(file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].message).toMatch(/^To nie jest poprawny JSON \(wiersz 3, kolumna \d+\)/);
  });

  it('does not exist', async () => {
    const result = await loadSeedFile(path.join(os.tmpdir(), 'nie-ma-takiego-pliku.json'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0].message).toMatch(/^Nie ma pliku /);
  });

  it('accepts a sale window given in milliseconds and converts ISO date-times to milliseconds', () => {
    const file = example();
    file.ticketTypes['karnet-3-dniowy'].saleStart = 1_790_000_000_000;
    const result = validateSeed(file);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.data.ticketTypes['karnet-3-dniowy'].saleStart).toBe(1_790_000_000_000);
    expect(result.data.ticketTypes['karnet-3-dniowy'].saleEnd).toBe(Date.parse('2027-07-18T10:00:00Z'));
  });
});

describe('ids that would break the Firebase SDKs', () => {
  it('a ticket type, product or variant id named like a JS object internal is refused with a Polish message', () => {
    for (const name of ['constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype']) {
      const file = example();
      file.ticketTypes[name] = file.ticketTypes['bilet-jednodniowy'];
      file.products['kubek-latarnia'].variants[name] = file.products['kubek-latarnia'].variants.standard;
      const result = validateSeed(file);
      expect(result.ok, name).toBe(false);
      const problems = result.ok ? [] : result.problems;
      expect(
        problems.map((p) => p.path),
        name,
      ).toEqual(expect.arrayContaining([`ticketTypes.${name}`, `products.kubek-latarnia.variants.${name}`]));
      expect(problems.find((p) => p.path === `ticketTypes.${name}`)?.message).toBe(
        'Identyfikator nie może być nazwą wbudowaną JavaScriptu (np. constructor, __proto__)',
      );
    }
  });
});
