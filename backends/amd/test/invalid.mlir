// RUN: not tessel-opt %s --convert-tile-to-rocdl=arch=gfx908 2>&1 | FileCheck %s
// CHECK: unknown AMD target 'gfx908' (gfx90a, gfx942, gfx1100 or gfx1200)
module {
  func.func @k() {
    return
  }
}
