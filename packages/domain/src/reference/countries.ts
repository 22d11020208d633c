import { countries as countryData, getEmojiFlag, type TCountryCode } from 'countries-list';

export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  flag: string;
  countryWithFlag: string;
}

/** About 250 countries with their flags, from the countries-list package, sorted by name. */
export const COUNTRIES: readonly Country[] = (Object.keys(countryData) as TCountryCode[])
  .map((code) => {
    const name = countryData[code].name;
    const flag = getEmojiFlag(code);
    return { name, code, flag, countryWithFlag: `${flag} ${name}` };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

export const countryByCode = (code: string): Country | undefined => COUNTRIES.find((c) => c.code === code.toUpperCase());
