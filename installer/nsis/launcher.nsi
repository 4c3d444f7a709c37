; ClerkDesk.exe: the program's own small launcher, built by the same makensis as the setup.
; It starts the embedded Python's windowless interpreter on the app and exits at once, so
; the Start menu, the taskbar and Explorer show ClerkDesk with its icon, not "pythonw".
; Arguments are passed on: ClerkDesk.exe --db URL opens another database.
; Defines (makensis -D): OUTFILE, ICON, VERSION.
Unicode true
Target amd64-unicode
Name "ClerkDesk"
OutFile "${OUTFILE}"
Icon "${ICON}"
RequestExecutionLevel user
SilentInstall silent
AutoCloseWindow true
SetCompressor /SOLID lzma
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "ClerkDesk"
VIAddVersionKey "FileDescription" "ClerkDesk"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "ClerkDesk"

!include FileFunc.nsh
!include LogicLib.nsh

Section
  ${GetParameters} $0
  ${If} ${FileExists} "$EXEDIR\python\pythonw.exe"
    Exec '"$EXEDIR\python\pythonw.exe" -m clerkdesk $0'
  ${Else}
    MessageBox MB_ICONSTOP "ClerkDesk cannot start: $EXEDIR\python\pythonw.exe is missing.$\r$\nRun the ClerkDesk setup again to repair it."
  ${EndIf}
SectionEnd
