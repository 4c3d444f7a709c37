; ClerkDesk's Windows setup: per-user or per-machine, a page asking where the database is,
; silent switches for IT. Compiled on Linux by installer/build.py with Debian's makensis.
; Defines (makensis -D): VERSION, TREE (the folder to install), OUTFILE, ICON.
;
; Silent install, as IT deploys it:
;   ClerkDesk-Setup-VERSION.exe /S /AllUsers /DBURL=postgresql://clerkdesk@server/clerkdesk
; /DBURL writes [database] url to %PROGRAMDATA%\ClerkDesk\clerkdesk.ini (per machine) or to
; the installing user's %LOCALAPPDATA%\ClerkDesk\clerkdesk.ini (with /CurrentUser). Without
; /DBURL an existing settings file is left as it is, so an upgrade keeps the office's setting.
; The databases, backups, logs and printer settings are never touched, by upgrade or uninstall.
Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
SetCompressorDictSize 64

!define APP "ClerkDesk"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ClerkDesk"
!define SETTINGS_FILE "clerkdesk.ini"

Name "${APP}"
OutFile "${OUTFILE}"
BrandingText "${APP} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "FileDescription" "${APP} setup"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "${APP}"

!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "${APP}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${UNINST_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallMode"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINST_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!include MultiUser.nsh
!include MUI2.nsh
!include nsDialogs.nsh
!include LogicLib.nsh
!include FileFunc.nsh
!include WinMessages.nsh

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\ClerkDesk.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Open ClerkDesk"

Var DbUrl          ; the shared server's address, empty for "this PC only"
Var DbUrlGiven     ; 1 when /DBURL= was on the command line or the page was shown
Var PageShared
Var PageLocal
Var PageUrl

!insertmacro MUI_PAGE_WELCOME
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
Page custom DatabasePage DatabasePageLeave
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; The settings file this install writes: the machine's for every login, or this login's own.
Function SettingsFolder
  ${If} $MultiUser.InstallMode == "AllUsers"
    ReadEnvStr $0 PROGRAMDATA
  ${Else}
    ReadEnvStr $0 LOCALAPPDATA
  ${EndIf}
  Push "$0\${APP}"
FunctionEnd

Function .onInit
  !insertmacro MULTIUSER_INIT
  StrCpy $DbUrl ""
  StrCpy $DbUrlGiven 0
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/DBURL=" $R1
  ${IfNot} ${Errors}
    StrCpy $DbUrl $R1
    StrCpy $DbUrlGiven 1
  ${EndIf}
FunctionEnd

Function un.onInit
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

Function DatabasePage
  ${If} $DbUrlGiven == 0
    Call SettingsFolder
    Pop $0
    ReadINIStr $DbUrl "$0\${SETTINGS_FILE}" "database" "url"
  ${EndIf}
  !insertmacro MUI_HEADER_TEXT "Where the records are kept" "One PC, or every counter PC of the office sharing one database."
  nsDialogs::Create 1018
  Pop $0
  ${NSD_CreateRadioButton} 0 0 100% 12u "&This PC only (a database on this PC, kept in each user's data folder)"
  Pop $PageLocal
  ${NSD_CreateRadioButton} 0 18u 100% 12u "The office's &shared server (PostgreSQL; ask IT for its address)"
  Pop $PageShared
  ${NSD_CreateLabel} 12u 36u 100% 10u "Database address, e.g. postgresql://clerkdesk@townhall-server/clerkdesk?sslmode=verify-full"
  Pop $0
  ${NSD_CreateText} 12u 48u 95% 12u "$DbUrl"
  Pop $PageUrl
  ${If} $DbUrl == ""
    ${NSD_Check} $PageLocal
    EnableWindow $PageUrl 0
  ${Else}
    ${NSD_Check} $PageShared
  ${EndIf}
  ${NSD_OnClick} $PageLocal DatabaseChoiceChanged
  ${NSD_OnClick} $PageShared DatabaseChoiceChanged
  nsDialogs::Show
FunctionEnd

Function DatabaseChoiceChanged
  Pop $0
  ${NSD_GetState} $PageShared $1
  ${If} $1 == ${BST_CHECKED}
    EnableWindow $PageUrl 1
  ${Else}
    EnableWindow $PageUrl 0
  ${EndIf}
FunctionEnd

Function DatabasePageLeave
  ${NSD_GetState} $PageShared $1
  ${If} $1 == ${BST_CHECKED}
    ${NSD_GetText} $PageUrl $DbUrl
    StrCpy $2 $DbUrl 10
    StrCpy $3 $DbUrl 11
    ${If} $2 != "postgresql"
    ${AndIf} $3 != "postgres://"
      MessageBox MB_ICONEXCLAMATION "The shared server's address starts with postgresql:// (for example postgresql://clerkdesk@townhall-server/clerkdesk)."
      Abort
    ${EndIf}
  ${Else}
    StrCpy $DbUrl ""
  ${EndIf}
  StrCpy $DbUrlGiven 1
FunctionEnd

Section "ClerkDesk" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; An upgrade replaces the program's files whole, so nothing of an older version lingers;
  ; the user's and the machine's data live elsewhere and are not touched.
  RMDir /r "$INSTDIR\python"
  RMDir /r "$INSTDIR\licenses"
  File /r "${TREE}\*"

  WriteUninstaller "$INSTDIR\Uninstall ClerkDesk.exe"
  CreateShortCut "$SMPROGRAMS\ClerkDesk.lnk" "$INSTDIR\ClerkDesk.exe" "" "$INSTDIR\clerkdesk.ico" 0

  ${If} $DbUrlGiven == 1
    Call SettingsFolder
    Pop $0
    CreateDirectory "$0"
    ${If} $DbUrl == ""
      DeleteINIStr "$0\${SETTINGS_FILE}" "database" "url"
    ${Else}
      WriteINIStr "$0\${SETTINGS_FILE}" "database" "url" "$DbUrl"
    ${EndIf}
    FlushINI "$0\${SETTINGS_FILE}"
  ${EndIf}
  ${If} $MultiUser.InstallMode == "AllUsers"
    ; Printer settings belong to the workstation: one printers.ini that every login writes.
    ReadEnvStr $0 PROGRAMDATA
    CreateDirectory "$0\${APP}"
    ${IfNot} ${FileExists} "$0\${APP}\printers.ini"
      FileOpen $1 "$0\${APP}\printers.ini" w
      FileClose $1
    ${EndIf}
    nsExec::Exec 'icacls "$0\${APP}\printers.ini" /grant *S-1-5-32-545:M'
    Pop $1
  ${EndIf}

  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINST_KEY}" "Publisher" "${APP}"
  WriteRegStr SHCTX "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\clerkdesk.ico"
  WriteRegStr SHCTX "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINST_KEY}" "InstallMode" "$MultiUser.InstallMode"
  WriteRegStr SHCTX "${UNINST_KEY}" "UninstallString" '"$INSTDIR\Uninstall ClerkDesk.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall ClerkDesk.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINST_KEY}" "EstimatedSize" $0
  WriteRegDWORD SHCTX "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINST_KEY}" "NoRepair" 1
SectionEnd

; The program only: the databases, backups, logs, settings files and printer settings stay.
Section "Uninstall"
  Delete "$SMPROGRAMS\ClerkDesk.lnk"
  RMDir /r "$INSTDIR\python"
  RMDir /r "$INSTDIR\licenses"
  Delete "$INSTDIR\ClerkDesk.exe"
  Delete "$INSTDIR\clerkdesk.cmd"
  Delete "$INSTDIR\clerkdesk.ico"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\Uninstall ClerkDesk.exe"
  RMDir "$INSTDIR"
  DeleteRegKey SHCTX "${UNINST_KEY}"
SectionEnd
