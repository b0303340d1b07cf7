/** Offline tests run without the signed-in layout that installs the app's mutation registry: importing this installs it. */
import { installClientMutations } from '../mutations/registry.ts';
import { CLIENT_MUTATIONS } from '../../offline-mutations.ts';

installClientMutations(CLIENT_MUTATIONS);
