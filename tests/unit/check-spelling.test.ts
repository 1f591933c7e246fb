import { describe, expect, it } from 'vitest';
import { listedWords, loadSpeller, oneSpellings, spellingFinder, wordsToCheck } from '../../integrations/check/rules/spelling.ts';

const words = (text: string) => wordsToCheck(text).map(({ word }) => word);

describe('the words the spelling check reads', () => {
  it('are the prose, without numbers, addresses or abbreviations with dots', () => {
    expect(words('In 2018, 55 per cent lived in cities (see geonames.org, https://un.org/x or a@b.org), e.g. Delhi; the 10-year-old rule.')).toEqual([
      'In',
      'per',
      'cent',
      'lived',
      'in',
      'cities',
      'see',
      'or',
      'Delhi',
      'the',
      'rule',
    ]);
  });

  it('keep apostrophes and hyphens inside a word, and say where each word starts', () => {
    expect(wordsToCheck("the world's low-density 'towns'")).toEqual([
      { word: 'the', index: 0 },
      { word: "world's", index: 4 },
      { word: 'low-density', index: 12 },
      { word: 'towns', index: 25 },
    ]);
  });

  it("leave out authors' names in references and in citations, but not the words around them", () => {
    expect(words('Canuto MA, Estrada-Belli F, Garrison TG, et al. Ancient lowland Maya complexity.')).toEqual([
      'Ancient',
      'lowland',
      'Maya',
      'complexity',
    ]);
    expect(words('Szreter S. The population health approach.')).toEqual(['The', 'population', 'health', 'approach']);
    expect(words('grew quickly (Galea and Vlahov, 2005) and (Lentz et al.,\n2020) in cities')).toEqual([
      'grew',
      'quickly',
      'and',
      'and',
      'in',
      'cities',
    ]);
  });
});

describe('the dictionary and the word list', () => {
  const speller = loadSpeller('# Names\nTikal\nlidar   # a survey method\n\nsyndemic\n');

  it('know British spelling', () => {
    for (const word of ['neighbourhood', 'organised', 'colour', 'per', 'cent', "world's", 'The']) expect(speller.isKnown(word), word).toBe(true);
    for (const word of ['neighborhood', 'medecine', 'recieve']) expect(speller.isKnown(word), word).toBe(false);
  });

  it('accept the listed words: lower case ones with a capital too, capitalised ones only as written, and their possessives', () => {
    expect(listedWords('# Names\nTikal\nlidar   # a survey method\n')).toEqual(['Tikal', 'lidar']);
    expect(['Tikal', "Tikal's", 'lidar', 'Lidar', 'syndemic'].map(speller.isKnown)).toEqual([true, true, true, true, true]);
    expect(['tikal', 'syndemics', 'Tikall'].map(speller.isKnown)).toEqual([false, false, false]);
  });

  it('accept a compound whose parts are words, and curly apostrophes', () => {
    expect(speller.isKnown('low-density')).toBe(true);
    expect(speller.isKnown('non-communicable')).toBe(true);
    expect(speller.isKnown('world’s')).toBe(true);
    expect(speller.isKnown('low-densty')).toBe(false);
  });

  it('suggest what was meant', () => {
    expect(speller.suggest('medecine')).toBe('medicine');
    expect(speller.suggest('neighbourood')).toBe('neighbourhood');
  });
});

describe("the word list's one spelling for each word", () => {
  const list = '# One spelling\nmegacities not mega-cities, mega cities\nterraced houses not row houses # British\n';

  it('reads the book spelling and the others from "not" lines, whose first word is also a listed word', () => {
    expect(oneSpellings(list)).toEqual([
      { spelling: 'megacities', others: ['mega-cities', 'mega cities'] },
      { spelling: 'terraced houses', others: ['row houses'] },
    ]);
    expect(listedWords(list)).toEqual(['megacities', 'terraced']);
  });

  it('finds the other spellings in prose, in any capitals and across a line break, and not inside other words', () => {
    const otherSpellings = spellingFinder(oneSpellings(list));
    expect(otherSpellings('Mega-cities grow; brick row\nhouses stand; megacities and super-mega-cities do not count.')).toEqual([
      { other: 'Mega-cities', spelling: 'megacities' },
      { other: 'row\nhouses', spelling: 'terraced houses' },
    ]);
  });
});
