export { getSystem } from './system'
