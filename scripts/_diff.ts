import {bundleSpec} from './lib/openapi';
import {compareWithVendor, readVendorStructure} from './lib/vendor-spec';
const d = compareWithVendor(bundleSpec('v4').doc, readVendorStructure());
console.log(d.join('\n'));
