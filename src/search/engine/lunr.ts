/**
 * lunr with the Russian stemmer and stop words (lunr-languages), set up once for the build and
 * the search worker alike.
 */
import lunr from 'lunr';
import stemmerSupport from 'lunr-languages/lunr.stemmer.support';
import russian from 'lunr-languages/lunr.ru';

interface RussianLunr {
  ru: {stemmer: lunr.PipelineFunction; stopWordFilter: lunr.PipelineFunction};
}

const withLanguages = lunr as typeof lunr & RussianLunr;
if (!withLanguages.ru) {
  stemmerSupport(lunr);
  russian(lunr);
}

export {withLanguages as lunr};
