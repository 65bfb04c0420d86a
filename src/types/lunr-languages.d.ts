// lunr-languages ships no types: each module is a function that extends the lunr it is given.
declare module 'lunr-languages/lunr.stemmer.support' {
  const extend: (lunr: unknown) => void;
  export default extend;
}
declare module 'lunr-languages/lunr.ru' {
  const extend: (lunr: unknown) => void;
  export default extend;
}
